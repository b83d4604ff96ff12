import { createServer, type Server } from 'node:net'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionState } from '../src/shared/session'
import { requireBuiltCli, runCli, serve, type CliResult } from './support/cli'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-cli-'))
  dirs.push(dir)
  return dir
}

beforeAll(() => requireBuiltCli())
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('outpost serve', () => {
  it('starts the server, prints the base URL and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir()
    const server = await serve(['--data-dir', dataDir, '--port', '0'])
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(`${server.url}/api/v1/openapi.json`)
    expect(response.status).toBe(200)
    expect(await server.stop()).toBe(0)
  })

  it('a port in use gives a clear one-line error and a non-zero exit', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      const { code, stdout, stderr } = await runCli([
        'serve',
        '--data-dir',
        tempDir(),
        '--port',
        String(port),
      ])
      expect(code).not.toBe(0)
      expect(stdout).toBe('')
      expect(stderr.trim().split('\n')).toEqual([
        `outpost: port ${port} on 127.0.0.1 is already in use; pick another with --port`,
      ])
    } finally {
      blocker.close()
    }
  })

  it('an unwritable data dir gives a clear one-line error and a non-zero exit', async () => {
    const file = join(tempDir(), 'a-file')
    writeFileSync(file, 'not a folder')
    const { code, stderr } = await runCli([
      'serve',
      '--data-dir',
      join(file, 'data'),
      '--port',
      '0',
    ])
    expect(code).not.toBe(0)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toMatch(
      /^outpost: cannot use data directory .*a-file\/data: it is not a writable folder/,
    )
  })

  it('a second serve on a data folder whose server answers is refused; the first keeps server.json', async () => {
    const dataDir = tempDir()
    const first = await serve(['--data-dir', dataDir, '--port', '0'])
    try {
      const second = await runCli(['serve', '--data-dir', dataDir, '--port', '0'])
      expect(second.code).not.toBe(0)
      expect(second.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(`^outpost: Outpost is already running on this data folder at ${first.url} `),
        ),
      ])
      expect((await runCli(['url', '--data-dir', dataDir])).stdout).toBe(`${first.url}\n`)
    } finally {
      await first.stop()
    }
    // A record left by a server that died is no obstacle.
    writeFileSync(
      join(dataDir, 'server.json'),
      JSON.stringify({ pid: process.pid, url: 'http://127.0.0.1:9', host: '127.0.0.1', port: 9 }),
    )
    const after = await serve(['--data-dir', dataDir, '--port', '0'])
    expect(await after.stop()).toBe(0)
  })

  it('a database URL that is not PostgreSQL is a one-line error, not a SQLite path', async () => {
    const dataDir = tempDir()
    const flag = await runCli([
      'serve',
      '--data-dir',
      dataDir,
      '--database-url',
      'mysql://u:pw@db/crm',
    ])
    expect(flag.code).not.toBe(0)
    expect(flag.stderr.trim().split('\n')).toEqual([
      'outpost: --database-url must be a PostgreSQL URL, postgres://user:password@host:5432/name ' +
        "(not mysql://u:*****@db/crm); without it, the data folder's SQLite file is used",
    ])
    const env = await runCli(['token', 'list', '--data-dir', dataDir], {
      ...process.env,
      OUTPOST_DATABASE_URL: 'crm.db',
    })
    expect(env.code).not.toBe(0)
    expect(env.stderr).toMatch(/^outpost: OUTPOST_DATABASE_URL must be a PostgreSQL URL/)
    expect(existsSync(join(dataDir, 'outpost.sqlite'))).toBe(false)
  })

  it('rejects a port that is not a number', async () => {
    const { code, stderr } = await runCli(['serve', '--port', 'eighty'])
    expect(code).not.toBe(0)
    expect(stderr).toMatch(/port/)
  })
})

describe('outpost token', () => {
  it('token create prints the new token alone on stdout, also while a server runs on the same data dir', async () => {
    const dataDir = tempDir()
    const server = await serve(['--data-dir', dataDir, '--port', '0'])
    try {
      const { code, stdout, stderr } = await runCli([
        'token',
        'create',
        '--data-dir',
        dataDir,
        '--name',
        'script',
      ])
      expect(code, stderr).toBe(0)
      expect(stdout).toMatch(/^op_[A-Za-z0-9_-]{43}\n$/)
      const token = stdout.trim()
      const response = await fetch(`${server.url}/api/v1/people`, {
        headers: { Authorization: `Bearer ${token}` },
      })
      expect(response.status).toBe(200)
      const management = await fetch(`${server.url}/api/app/v1/users`, {
        headers: { Authorization: `Bearer ${token}` },
      })
      expect(management.status).toBe(403)
    } finally {
      await server.stop()
    }
  })

  it('--scope admin reaches the management API; --workspace binds the token to that workspace', async () => {
    const dataDir = tempDir()
    expect((await runCli(['workspace', 'create', 'Second', '--data-dir', dataDir])).code).toBe(0)
    const admin = (
      await runCli([
        'token',
        'create',
        '--data-dir',
        dataDir,
        '--scope',
        'admin',
        '--workspace',
        'Second',
      ])
    ).stdout.trim()
    const server = await serve(['--data-dir', dataDir, '--port', '0'])
    try {
      const response = await fetch(`${server.url}/api/app/v1/workspace`, {
        headers: { Authorization: `Bearer ${admin}` },
      })
      expect(response.status).toBe(200)
      expect(((await response.json()) as { name: string }).name).toBe('Second')
    } finally {
      await server.stop()
    }
    const missing = await runCli(['token', 'create', '--data-dir', dataDir, '--workspace', 'Nope'])
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toMatch(/no workspace named "Nope"/)
  })

  it('token list shows tokens without secrets; token revoke stops one at once', async () => {
    const dataDir = tempDir()
    const token = (
      await runCli(['token', 'create', '--data-dir', dataDir, '--name', 'listed'])
    ).stdout.trim()
    const listed = await runCli(['token', 'list', '--data-dir', dataDir])
    expect(listed.stdout).toContain('listed')
    expect(listed.stdout).not.toContain(token)
    const id = listed.stdout.split(/\s+/)[0]!
    const revoked = await runCli(['token', 'revoke', id, '--data-dir', dataDir])
    expect(revoked).toMatchObject({ code: 0, stdout: `Revoked ${id}\n` })
    const list = (await runCli(['token', 'list', '--data-dir', dataDir])).stdout
    const at = list.match(/revoked (\S+)/)![1]!
    // Again: said so, and the first time is kept.
    const again = await runCli(['token', 'revoke', id, '--data-dir', dataDir])
    expect(again).toMatchObject({ code: 0, stdout: `${id} was revoked already, at ${at}\n` })
    expect((await runCli(['token', 'list', '--data-dir', dataDir])).stdout).toBe(list)
  })

  it('a new data folder, its database and a backup are closed to the machine’s other users', async () => {
    const dataDir = join(tempDir(), 'fresh')
    const server = await serve(['--data-dir', dataDir, '--port', '0'])
    try {
      const mode = (path: string) => (statSync(path).mode & 0o777).toString(8)
      expect(mode(dataDir)).toBe('700')
      for (const file of ['outpost.sqlite', 'outpost.sqlite-wal', 'outpost.sqlite-shm']) {
        expect(mode(join(dataDir, file)), file).toBe('600')
      }
      const copy = join(tempDir(), 'copy.sqlite')
      expect((await runCli(['backup', copy, '--data-dir', dataDir])).code).toBe(0)
      expect(mode(copy)).toBe('600')
    } finally {
      await server.stop()
    }
  })

  it('backups list says when there is none yet, on stderr, with stdout left empty', async () => {
    const dataDir = tempDir()
    const none = await runCli(['backups', 'list', '--data-dir', dataDir])
    expect(none).toMatchObject({ code: 0, stdout: '' })
    expect(none.stderr).toMatch(/^No backups yet in .*backups: a running server takes one a day/)
  })
})

describe('outpost workspace', () => {
  it('a fresh data dir gets one default workspace on first use; create and list add more', async () => {
    const dataDir = tempDir()
    const first = await runCli(['workspace', 'list', '--data-dir', dataDir])
    expect(first.stdout.trim().split('\n')).toHaveLength(1)
    expect(first.stdout).toMatch(/My workspace/)
    expect((await runCli(['workspace', 'create', 'Team B', '--data-dir', dataDir])).code).toBe(0)
    const duplicate = await runCli(['workspace', 'create', 'Team B', '--data-dir', dataDir])
    expect(duplicate.code).not.toBe(0)
    expect(duplicate.stderr).toMatch(/already exists/)
    const listed = await runCli(['workspace', 'list', '--data-dir', dataDir])
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/).slice(1).join(' ')),
    ).toEqual(['My workspace', 'Team B'])
  })

  it('without --data-dir the data lives in the OS application-data folder the desktop app uses', async () => {
    const home = tempDir()
    const { XDG_CONFIG_HOME: _config, OUTPOST_DATA_DIR: _data, ...inherited } = process.env
    expect((await runCli(['workspace', 'list'], { ...inherited, HOME: home })).code).toBe(0)
    expect(existsSync(join(home, '.config', 'Outpost', 'outpost.sqlite'))).toBe(true)
  })
})

describe('outpost backup', () => {
  it('copies the database consistently while the server is writing, to a file that opens as Outpost data', async () => {
    const dataDir = tempDir()
    const token = (await runCli(['token', 'create', '--data-dir', dataDir])).stdout.trim()
    const server = await serve(['--data-dir', dataDir, '--port', '0'])
    const backup = join(tempDir(), 'outpost-backup.sqlite')
    try {
      const writes = Array.from({ length: 40 }, (_, i) =>
        fetch(`${server.url}/api/v1/people`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ fullName: `Backed up ${i}` }),
        }),
      )
      const result = await runCli(['backup', backup, '--data-dir', dataDir])
      await Promise.all(writes)
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toMatch(/^Backed up \d+ pages to /)
    } finally {
      await server.stop()
    }
    // The copy is a complete Outpost data folder of its own.
    const restored = tempDir()
    copyFileSync(backup, join(restored, 'outpost.sqlite'))
    const listed = await runCli(['workspace', 'list', '--data-dir', restored])
    expect(listed.stdout).toMatch(/My workspace/)
    const again = await runCli(['backup', backup, '--data-dir', dataDir])
    expect(again.code).not.toBe(0)
    expect(again.stderr).toMatch(/already exists/)
  })
})

/** The environment of a user with no OUTPOST_* variables set and a home of their own. */
function cleanEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
  }
  for (const name of Object.keys(env)) if (name.startsWith('OUTPOST_')) delete env[name]
  return env
}

/** One line on stderr, `outpost: ...`, nothing on stdout, a non-zero exit, no stack trace. */
function expectOneLineFailure(result: CliResult, pattern: RegExp): void {
  expect(result.code, result.stderr).not.toBe(0)
  expect(result.stdout).toBe('')
  const lines = result.stderr.trim().split('\n')
  expect(lines, result.stderr).toHaveLength(1)
  expect(lines[0]).toMatch(/^outpost: /)
  expect(lines[0]).not.toMatch(/\bat .*:\d+:\d+/)
  expect(lines[0]).toMatch(pattern)
}

function listen(port: number): Promise<Server | null> {
  const server = createServer()
  return new Promise((resolve) => {
    server.once('error', () => resolve(null))
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

async function freePort(): Promise<number> {
  const server = (await listen(0))!
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('every CLI failure is one line', () => {
  it('commander errors: an unknown command or option, a missing or invalid argument, name the help to read', async () => {
    expectOneLineFailure(await runCli(['tokn']), /unknown command 'tokn'; did you mean token\?/)
    expectOneLineFailure(
      await runCli(['token', 'create', '--bogus']),
      /unknown option '--bogus' \(see: outpost token create --help\)$/,
    )
    expectOneLineFailure(
      await runCli(['token', 'create', '--scope', 'root']),
      /argument 'root' is invalid.*Allowed choices are api, admin/,
    )
    expectOneLineFailure(
      await runCli(['workspace', 'create']),
      /missing required argument 'name' \(see: outpost workspace create --help\)/,
    )
  })

  it('names are validated: an empty workspace or token name, or only spaces, is refused', async () => {
    const dataDir = tempDir()
    for (const name of ['', '   ']) {
      expectOneLineFailure(
        await runCli(['workspace', 'create', name, '--data-dir', dataDir]),
        /the workspace name cannot be empty or only spaces/,
      )
      expectOneLineFailure(
        await runCli(['token', 'create', '--name', name, '--data-dir', dataDir]),
        /the token name cannot be empty or only spaces/,
      )
    }
    expectOneLineFailure(
      await runCli(['workspace', 'create', 'x'.repeat(101), '--data-dir', dataDir]),
      /over 100 characters/,
    )
    const listed = await runCli(['workspace', 'list', '--data-dir', dataDir])
    expect(listed.stdout.trim().split('\n')).toHaveLength(1)
  })

  it('workspace rename gives the first workspace, or the one named, a new name', async () => {
    const dataDir = tempDir()
    const first = await runCli(['workspace', 'rename', 'Quintela Vendas', '--data-dir', dataDir])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(/^[0-9a-f-]{36} {2}Quintela Vendas\n$/)
    await runCli(['workspace', 'create', 'Second', '--data-dir', dataDir])
    const second = ['--workspace', 'Second', '--data-dir', dataDir]
    expect((await runCli(['workspace', 'rename', 'Parcerias', ...second])).code).toBe(0)
    const listed = await runCli(['workspace', 'list', '--data-dir', dataDir])
    expect(listed.stdout.split('\n').map((line) => line.slice(38))).toEqual([
      'Quintela Vendas',
      'Parcerias',
      '',
    ])
    expectOneLineFailure(
      await runCli(['workspace', 'rename', 'Parcerias', '--data-dir', dataDir]),
      /A workspace named Parcerias already exists/,
    )
    expectOneLineFailure(
      await runCli(['workspace', 'rename', '  ', '--data-dir', dataDir]),
      /the workspace name cannot be empty or only spaces/,
    )
  })

  it('a bad --host, a bad OUTPOST_PORT', async () => {
    expectOneLineFailure(
      await runCli([
        'serve',
        '--host',
        'no-such-host.invalid',
        '--port',
        '0',
        '--data-dir',
        tempDir(),
      ]),
      /no-such-host\.invalid is not a host name or address; try --host 127\.0\.0\.1/,
    )
    expectOneLineFailure(
      await runCli(['serve', '--host', '10.254.254.254', '--port', '0', '--data-dir', tempDir()]),
      /10\.254\.254\.254 is not an address of this machine/,
    )
    expectOneLineFailure(
      await runCli(['serve', '--data-dir', tempDir()], { ...process.env, OUTPOST_PORT: 'eighty' }),
      /'eighty' from env 'OUTPOST_PORT' is invalid/,
    )
  })

  it('files: exporting to a folder that does not exist, importing a file that cannot be read, a backup to nowhere', async () => {
    const dataDir = tempDir()
    const mapping = join(tempDir(), 'mapping.json')
    writeFileSync(mapping, JSON.stringify({ fullName: '{{name}}' }))
    expectOneLineFailure(
      await runCli([
        'export',
        'people',
        '--output',
        '/no/such/folder/people.csv',
        '--data-dir',
        dataDir,
      ]),
      /no such file or folder/,
    )
    expectOneLineFailure(
      await runCli(['import', 'people', tempDir(), '--mapping', mapping, '--data-dir', dataDir]),
      /folder|EISDIR/i,
    )
    expectOneLineFailure(
      await runCli([
        'import',
        'people',
        '/no/such.csv',
        '--mapping',
        mapping,
        '--data-dir',
        dataDir,
      ]),
      /no such file|ENOENT/i,
    )
    // The failures above stop before opening the data folder: give the backup a database to copy.
    expect((await runCli(['workspace', 'list', '--data-dir', dataDir])).code).toBe(0)
    expectOneLineFailure(
      await runCli(['backup', '/no/such/folder/b.sqlite', '--data-dir', dataDir]),
      /does not exist|no such file/,
    )
  })

  it('a data folder holding something that is not an Outpost database', async () => {
    const dataDir = tempDir()
    writeFileSync(join(dataDir, 'outpost.sqlite'), 'this is not SQLite, just text '.repeat(100))
    expectOneLineFailure(
      await runCli(['workspace', 'list', '--data-dir', dataDir]),
      /not an Outpost database, or is damaged; restore a backup/,
    )
  })

  it('a database locked by another program', async () => {
    const dataDir = tempDir()
    expect((await runCli(['workspace', 'list', '--data-dir', dataDir])).code).toBe(0)
    const holder = new BetterSqlite3(join(dataDir, 'outpost.sqlite'))
    try {
      holder.exec('BEGIN EXCLUSIVE')
      // The CLI waits out SQLite's 5-second busy timeout, then says what happened.
      expectOneLineFailure(
        await runCli(['token', 'create', '--data-dir', dataDir]),
        /the database is locked by another program.*try again when it has finished/,
      )
    } finally {
      holder.close()
    }
  }, 20_000)
})

describe('outpost --help', () => {
  /** The subcommands a help text lists under "Commands:". */
  function subcommands(help: string): string[] {
    const section = help.split('\nCommands:\n')[1] ?? ''
    // A command's line starts two spaces in; wrapped descriptions are indented further.
    return [...section.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)]
      .map((match) => match[1]!)
      .filter((name) => name !== 'help')
  }

  it('the program and every subcommand list their options', async () => {
    const seen: string[] = []
    const visit = async (path: string[]) => {
      const { code, stdout } = await runCli([...path, '--help'])
      expect(code, path.join(' ')).toBe(0)
      expect(stdout).toMatch(/^Usage: outpost/)
      expect(stdout).toMatch(/\nOptions:\n[\s\S]*-h, --help/)
      seen.push(path.join(' '))
      for (const name of subcommands(stdout)) await visit([...path, name])
    }
    await visit([])
    expect(seen).toEqual(
      expect.arrayContaining([
        'serve',
        'token create',
        'workspace list',
        'login-link',
        'url',
        'export',
      ]),
    )
    const serveHelp = await runCli(['serve', '--help'])
    expect(serveHelp.stdout).toMatch(/--port <port>[\s\S]*env:\s+OUTPOST_PORT/)
    expect(serveHelp.stdout).toMatch(/--host <host>[\s\S]*env:\s+OUTPOST_HOST/)
  }, 60_000)
})

describe('ports and once-shown secrets', () => {
  it('serve honours OUTPOST_PORT and OUTPOST_HOST; flags win over them', async () => {
    const port = await freePort()
    const env = { ...process.env, OUTPOST_PORT: String(port), OUTPOST_HOST: '127.0.0.1' }
    const fromEnv = await serve(['--data-dir', tempDir()], env)
    expect(fromEnv.url).toBe(`http://127.0.0.1:${port}`)
    await fromEnv.stop()
    const other = await freePort()
    const flagWins = await serve(
      ['--data-dir', tempDir(), '--port', String(other)],
      { ...env, OUTPOST_HOST: 'no-such-host.invalid' },
      undefined,
    ).catch((error: Error) => error)
    // OUTPOST_HOST applies when --host is not given.
    expect(String(flagWins)).toMatch(/no-such-host\.invalid is not a host name/)
    const both = await serve(
      ['--data-dir', tempDir(), '--port', String(other), '--host', '127.0.0.1'],
      {
        ...env,
        OUTPOST_HOST: 'no-such-host.invalid',
      },
    )
    expect(both.url).toBe(`http://127.0.0.1:${other}`)
    await both.stop()
  })

  it('without a chosen port, a taken default port gives the next free one', async () => {
    // Hold 4780 (or find it held already): either way the default is taken.
    const holder = await listen(4780)
    try {
      const server = await serve(['--data-dir', tempDir()], cleanEnv(tempDir()))
      const port = Number(new URL(server.url).port)
      expect(port).toBeGreaterThan(4780)
      expect(port).toBeLessThanOrEqual(4799)
      expect(server.output()).toContain('(port 4780 was taken)')
      expect(server.output()).toContain(`export OUTPOST=${server.url}`)
      await server.stop()
    } finally {
      holder?.close()
    }
  })

  it('a chosen port that is taken fails before anything is created: no data folder, no demo token minted', async () => {
    const blocker = (await listen(0))!
    const port = (blocker.address() as { port: number }).port
    const dataDir = join(tempDir(), 'demo')
    try {
      expectOneLineFailure(
        await runCli(['serve', '--demo', '--data-dir', dataDir, '--port', String(port)]),
        new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`),
      )
      expect(existsSync(dataDir)).toBe(false)
    } finally {
      blocker.close()
    }
  })

  it('login-link mints a one-time link for a stopped folder, which works once the server runs', async () => {
    const dataDir = tempDir()
    const minted = await runCli(['login-link', '--data-dir', dataDir])
    expect(minted.code, minted.stderr).toBe(0)
    expect(minted.stderr).toMatch(/No server is running on .*: start it/)
    const link = new URL(minted.stdout.trim())
    expect(link.pathname).toBe('/login')
    const server = await serve(['--data-dir', dataDir, '--port', '0'])
    try {
      const url = `${server.url}/login${link.search}`
      expect((await fetch(url, { redirect: 'manual' })).status).toBe(303)
      expect((await fetch(url, { redirect: 'manual' })).status).toBe(401)
    } finally {
      await server.stop()
    }
  })

  it('login-link on a running server prints a link on its address, without a restart; url prints the address', async () => {
    const dataDir = tempDir()
    const server = await serve(['--data-dir', dataDir, '--port', '0'])
    try {
      expect((await runCli(['url', '--data-dir', dataDir])).stdout).toBe(`${server.url}\n`)
      const minted = await runCli(['login-link', '--data-dir', dataDir])
      expect(minted.code, minted.stderr).toBe(0)
      expect(minted.stderr).toBe('')
      const link = minted.stdout.trim()
      expect(link).toMatch(new RegExp(`^${server.url}/login\\?token=[A-Za-z0-9_-]{43}$`))
      const first = await fetch(link, { redirect: 'manual' })
      expect(first.status).toBe(303)
      expect(first.headers.get('set-cookie')).toMatch(/^outpost_session_\d+=/)
      const used = await fetch(link, { redirect: 'manual' })
      expect(used.status).toBe(401)
      // The pages a signed-out browser meets give the command for this folder, flag and all.
      const command = `npx outpost login-link --data-dir '${dataDir}'`
      expect((await used.text()).replaceAll('&#39;', "'")).toContain(command)
      const session = await fetch(`${server.url}/api/session`)
      expect(((await session.json()) as any).error.details.loginLinkCommand).toBe(command)
      // The database keeps only the hash of the link's secret.
      const secret = new URL(link).searchParams.get('token')!
      expect(readFileSync(join(dataDir, 'outpost.sqlite')).includes(secret)).toBe(false)
    } finally {
      await server.stop()
    }
    expectOneLineFailure(
      await runCli(['url', '--data-dir', dataDir]),
      /no Outpost server is running on .*; start one with npm start or outpost serve/,
    )
  })
})

describe('accounts', () => {
  it('member add gives an account a role; login-link --user signs that account in, to its workspaces only', async () => {
    const dataDir = tempDir()
    const added = await runCli([
      'member',
      'add',
      'Bia@Example.com',
      '--role',
      'read-only',
      '--name',
      'Bia Lima',
      '--data-dir',
      dataDir,
    ])
    expect(added.code, added.stderr).toBe(0)
    expect(added.stdout).toMatch(/^bia@example\.com is read-only \(/)
    expectOneLineFailure(
      await runCli(['login-link', '--user', 'nobody@example.com', '--data-dir', dataDir]),
      /no account has the e-mail nobody@example\.com/,
    )
    const server = await serve(['--data-dir', dataDir, '--port', '0'])
    try {
      const minted = await runCli([
        'login-link',
        '--user',
        'bia@example.com',
        '--data-dir',
        dataDir,
      ])
      expect(minted.code, minted.stderr).toBe(0)
      const first = await fetch(minted.stdout.trim(), { redirect: 'manual' })
      expect(first.status).toBe(303)
      const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!
      const answer = await fetch(`${server.url}/api/session`, { headers: { Cookie: cookie } })
      const state = (await answer.json()) as SessionState
      expect(state.account).toMatchObject({ email: 'bia@example.com', name: 'Bia Lima' })
      expect(state.workspaces).toEqual([expect.objectContaining({ role: 'read-only' })])
    } finally {
      await server.stop()
    }
  })
})

describe('the data folder of a second terminal', () => {
  it('in the folder where npm start serves ./.outpost-demo, the CLI uses it; OUTPOST_DATA_DIR and --data-dir still win', async () => {
    const checkout = tempDir()
    const home = tempDir()
    const env = cleanEnv(home)
    // What npm start runs, from the checkout.
    const server = await serve(
      ['--demo', '--data-dir', '.outpost-demo', '--port', '0'],
      env,
      checkout,
    )
    try {
      expect(server.output()).toContain(
        'export OUTPOST_TOKEN=$(npx outpost token create --scope admin)\n',
      )
      const admin = await runCli(['token', 'create', '--scope', 'admin'], env, checkout)
      expect(admin.code, admin.stderr).toBe(0)
      const pipelines = await fetch(`${server.url}/api/app/v1/pipelines`, {
        headers: { Authorization: `Bearer ${admin.stdout.trim()}` },
      })
      expect(pipelines.status).toBe(200)
      expect((await runCli(['url'], env, checkout)).stdout).toBe(`${server.url}\n`)

      const elsewhere = tempDir()
      const fromEnv = await runCli(
        ['token', 'create'],
        { ...env, OUTPOST_DATA_DIR: elsewhere },
        checkout,
      )
      expect(existsSync(join(elsewhere, 'outpost.sqlite'))).toBe(true)
      const fromFlag = await runCli(
        ['token', 'create', '--data-dir', join(elsewhere, 'b')],
        env,
        checkout,
      )
      expect(existsSync(join(elsewhere, 'b', 'outpost.sqlite'))).toBe(true)
      for (const other of [fromEnv, fromFlag]) {
        const response = await fetch(`${server.url}/api/v1/people`, {
          headers: { Authorization: `Bearer ${other.stdout.trim()}` },
        })
        expect(response.status).toBe(401)
      }
    } finally {
      await server.stop()
    }
    // Outside the checkout the desktop app's folder is still the default.
    mkdirSync(join(home, 'elsewhere'))
    expect((await runCli(['workspace', 'list'], env, join(home, 'elsewhere'))).code).toBe(0)
    expect(existsSync(join(home, '.config', 'Outpost', 'outpost.sqlite'))).toBe(true)
  })
})
