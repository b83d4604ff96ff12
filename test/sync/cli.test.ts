// `outpost sync` as a user runs it: a team server process, a laptop data folder made a replica by
// `sync connect`, written to by the CLI's import, synced by `sync once`, and its status when the
// server is gone.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findAccountByEmail } from '../../src/server/accounts/lookup'
import { setPassword } from '../../src/server/accounts/service'
import { openDataDir } from '../../src/server/workspace-store'
import { requireBuiltCli, runCli, serve, type Serving } from '../support/cli'

const folders: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-sync-cli-'))
  folders.push(dir)
  return dir
}

let team: Serving
let teamDir: string
let token: string

beforeAll(async () => {
  requireBuiltCli()
  teamDir = tempDir()
  token = (
    await runCli(['token', 'create', '--data-dir', teamDir, '--name', 'laptop'])
  ).stdout.trim()
  team = await serve(['--data-dir', teamDir, '--port', '0', '--no-backups'])
})
afterAll(async () => {
  await team.stop()
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

const people = async () => {
  const response = await fetch(`${team.url}/api/v1/people?pageSize=100`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return ((await response.json()) as { data: { fullName: string }[] }).data.map((p) => p.fullName)
}

describe('outpost sync', () => {
  it('connect, write offline, once, status; then offline with the changes waiting', async () => {
    const laptop = tempDir()
    const env = { ...process.env, OUTPOST_SYNC_TOKEN: token }
    // Typed as an address bar takes it, without http://.
    const address = team.url.replace(/^http:\/\//, '')
    const connected = await runCli(['sync', 'connect', address, '--data-dir', laptop], env)
    expect(connected.stderr).toBe('')
    const workspace = /"(.+)" is replicated here/.exec(connected.stdout)?.[1]
    expect(workspace).toBeDefined()

    const csv = join(laptop, 'people.csv')
    writeFileSync(csv, 'Name\nAna From Laptop\nBruno From Laptop\n')
    const mapping = JSON.stringify({ fullName: '{{Name}}' })
    const imported = await runCli(
      ['import', 'people', csv, '--mapping', mapping, '--workspace', workspace!],
      { ...env, OUTPOST_DATA_DIR: laptop },
    )
    expect(imported.code, imported.stderr).toBe(0)
    expect((await runCli(['sync', 'status', '--data-dir', laptop])).stdout).toMatch(
      /syncing, 2 changes waiting/,
    )

    const once = await runCli(['sync', 'once', '--data-dir', laptop])
    expect(once.code, once.stderr).toBe(0)
    expect(once.stdout).toMatch(/Pushed 2, pulled 2/)
    expect(await people()).toEqual(expect.arrayContaining(['Ana From Laptop', 'Bruno From Laptop']))
    const status = await runCli(['sync', 'status', '--data-dir', laptop])
    expect(status.stdout).toMatch(new RegExp(`Replica of ${team.url}:\\n.+: synced, last synced`))

    // The team server goes away; the laptop keeps working and says what waits.
    writeFileSync(csv, 'Name\nCarla Offline\n')
    await runCli(['import', 'people', csv, '--mapping', mapping, '--workspace', workspace!], {
      ...env,
      OUTPOST_DATA_DIR: laptop,
    })
    await team.stop()
    const failed = await runCli(['sync', 'once', '--data-dir', laptop])
    expect(failed.code).not.toBe(0)
    expect(failed.stderr).toMatch(/cannot be reached/)
    expect((await runCli(['sync', 'status', '--data-dir', laptop])).stdout).toMatch(
      /offline, 1 change waiting/,
    )
    // Disconnecting now would lose it: refused, naming the flag that goes ahead anyway.
    const kept = await runCli(['sync', 'disconnect', '--data-dir', laptop])
    expect(kept.code).not.toBe(0)
    expect(kept.stderr.trim()).toBe(
      'outpost: 1 change made here has not reached the team server: sync first, or disconnect ' +
        'discarding them (outpost sync disconnect --discard-waiting)',
    )

    team = await serve([
      '--data-dir',
      teamDir,
      '--port',
      team.url.split(':').at(-1)!,
      '--no-backups',
    ])
    expect((await runCli(['sync', 'once', '--data-dir', laptop])).stdout).toMatch(/Pushed 1/)
    expect(await people()).toContain('Carla Offline')
  })

  it('connect refuses a token the server does not know, and leaves the folder no replica', async () => {
    const laptop = tempDir()
    const refused = await runCli([
      'sync',
      'connect',
      team.url,
      '--token',
      `op_${'A'.repeat(43)}`,
      '--data-dir',
      laptop,
    ])
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/unknown or revoked/)
    expect((await runCli(['sync', 'status', '--data-dir', laptop])).stdout).toMatch(/Not a replica/)
  })

  it('connect --email signs in with the account, its password from OUTPOST_SYNC_PASSWORD', async () => {
    await runCli(['member', 'add', 'eva@sync-cli.test', '--data-dir', teamDir])
    const db = await openDataDir(teamDir)
    try {
      const account = (await findAccountByEmail(db, 'eva@sync-cli.test'))!
      await setPassword(db, account.id, { password: 'eva has a long one' }, new Date())
    } finally {
      await db.destroy()
    }
    const laptop = tempDir()
    const connect = (password: string) =>
      runCli(['sync', 'connect', team.url, '--email', 'eva@sync-cli.test', '--data-dir', laptop], {
        ...process.env,
        OUTPOST_SYNC_PASSWORD: password,
      })
    const refused = await connect('not the password')
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/e-mail or password is not right/)
    const connected = await connect('eva has a long one')
    expect(connected.stderr).toBe('')
    expect(connected.stdout).toMatch(/is replicated here/)
    expect((await runCli(['sync', 'status', '--data-dir', laptop])).stdout).toMatch(/synced/)
    const disconnected = await runCli(['sync', 'disconnect', '--data-dir', laptop])
    expect(disconnected.stdout).toMatch(/Disconnected/)
    expect((await runCli(['sync', 'status', '--data-dir', laptop])).stdout).toMatch(/Not a replica/)
  })
})
