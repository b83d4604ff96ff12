import { createServer } from 'node:net'
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireBuiltCli, runCli, serve } from './support/cli'

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
    expect((await runCli(['token', 'revoke', id, '--data-dir', dataDir])).code).toBe(0)
    expect((await runCli(['token', 'list', '--data-dir', dataDir])).stdout).toMatch(/revoked/)
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
