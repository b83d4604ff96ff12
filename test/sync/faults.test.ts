// Sync through the faults a laptop meets (docs/sync-protocol.md, section 9): connections cut in the
// middle of a push, of a pull or of a snapshot, a replica process killed while it pushes, a team server process
// killed while it applies a push. Each time, once the fault is gone, every change is on the server
// exactly once and the replica holds what the server holds.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fileKeyStore } from '../../src/server/sealing/key-store'
import { prepareSealing } from '../../src/server/sealing/prepare'
import { connectReplica, replicaStatus } from '../../src/server/sync/replica'
import { listWorkspaces } from '../../src/server/workspaces/service'
import { openDataDir } from '../../src/server/workspace-store'
import { bin, requireBuiltCli, runCli, serve } from '../support/cli'
import { startCuttingProxy, type CuttingProxy } from '../support/cutting-proxy'
import { freePort, freshTestDatabase, onPostgres, rememberDatabaseOf } from '../support/postgres'
import { startTestServer, type TestServer } from '../support/server'
import { makePeople, peopleOf, startReplica, waitingIn, type Replica } from './support'

const push = 'POST /api/sync/v1/push'
const pull = 'GET /api/sync/v1/pull'
const snapshot = 'GET /api/sync/v1/snapshot'

let server: TestServer
const cleanups: (() => Promise<unknown> | void)[] = []

beforeAll(async () => {
  requireBuiltCli()
  server = await startTestServer()
})
afterAll(() => server.close())
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const portOf = (url: string) => Number(new URL(url).port)

async function proxyTo(port: number): Promise<CuttingProxy> {
  const proxy = await startCuttingProxy(port)
  cleanups.push(() => proxy.close())
  return proxy
}

async function replicaThrough(proxy: CuttingProxy, token = server.apiToken): Promise<Replica> {
  const replica = await startReplica({ url: proxy.url, apiToken: token })
  cleanups.push(() => replica.close())
  return replica
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-sync-faults-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** The names starting with `prefix` among a copy's people, and how many people have one. */
async function namesOn(db: Replica['db'], tenantId: string, prefix: string) {
  const names = (await peopleOf(db, tenantId))
    .map((person) => person.fullName)
    .filter((name) => name.startsWith(`${prefix} `))
  return { names: new Set(names), people: names.length }
}

// The two tests that kill a process run CLI processes and a server of their own: 17 and 22 s on
// PostgreSQL on a slow day in CI, too near the 30-second default.
describe('sync through faults', () => {
  it('a push cut in the middle of its request commits nothing; the next round pushes it once', async () => {
    const proxy = await proxyTo(portOf(server.url))
    const laptop = await replicaThrough(proxy)
    await makePeople(laptop, 'Cut Push', 20)
    // Both tries of the round (the client tries a call twice) lose their connection halfway.
    proxy.cut({ request: push, requestBytes: 600, times: 2 })
    await expect(laptop.sync()).rejects.toThrow(/cannot be reached/)
    expect((await replicaStatus(laptop.db)).state).toBe('offline')
    expect(await waitingIn(laptop.db)).toBe(20)
    expect((await namesOn(server.db, server.tenantId, 'Cut Push')).people).toBe(0)

    expect(await laptop.sync()).toMatchObject({ pushed: 20, rejected: [] })
    const onServer = await namesOn(server.db, server.tenantId, 'Cut Push')
    expect(onServer.people).toBe(20)
    expect(onServer.names.size).toBe(20)
    expect(await peopleOf(laptop.db, laptop.tenantId)).toEqual(
      await peopleOf(server.db, server.tenantId),
    )
  })

  it('a pull whose answer is cut off applies nothing; the next round applies it all', async () => {
    const proxy = await proxyTo(portOf(server.url))
    const laptop = await replicaThrough(proxy)
    for (let i = 1; i <= 30; i++) {
      await server.api.post('/api/v1/people', { fullName: `Cut Pull ${i}`, tags: ['pulled'] })
    }
    // The answer's head and the start of its body arrive, then the connection drops.
    proxy.cut({ request: pull, answerBytes: 2_000 })
    await expect(laptop.sync()).rejects.toThrow(/cut off/)
    expect((await namesOn(laptop.db, laptop.tenantId, 'Cut Pull')).people).toBe(0)

    expect((await laptop.sync()).pulled).toBeGreaterThanOrEqual(30)
    expect((await namesOn(laptop.db, laptop.tenantId, 'Cut Pull')).people).toBe(30)
    expect(await peopleOf(laptop.db, laptop.tenantId)).toEqual(
      await peopleOf(server.db, server.tenantId),
    )
  })

  it('a snapshot cut off on its way loads nothing; connecting again loads it whole', async () => {
    for (let i = 1; i <= 60; i++) {
      await server.api.post('/api/v1/people', { fullName: `Cut Snapshot ${i}`, tags: ['whole'] })
    }
    const proxy = await proxyTo(portOf(server.url))
    const dataDir = tempDir()
    const db = await openDataDir(dataDir)
    cleanups.push(() => db.destroy())
    await prepareSealing(db, fileKeyStore(dataDir))
    const connect = () =>
      connectReplica(db, { serverUrl: proxy.url, tokens: [server.apiToken] }, () => new Date())
    // The head and some records arrive as NDJSON, then the connection drops.
    proxy.cut({ request: snapshot, answerBytes: 20_000 })
    await expect(connect()).rejects.toThrow(/cut off/)
    expect((await replicaStatus(db)).state).toBe('not-connected')
    expect((await listWorkspaces(db)).map((w) => w.id)).not.toContain(server.tenantId)

    const { records } = await connect()
    expect(records).toBeGreaterThanOrEqual(60)
    expect((await namesOn(db, server.tenantId, 'Cut Snapshot')).people).toBe(60)
    expect(await peopleOf(db, server.tenantId)).toEqual(await peopleOf(server.db, server.tenantId))
  })

  it('a replica process killed while it pushes, run again, settles every change once', async () => {
    const proxy = await proxyTo(portOf(server.url))
    const laptop = tempDir()
    const env = { ...process.env, OUTPOST_SYNC_TOKEN: server.apiToken }
    const connected = await runCli(['sync', 'connect', proxy.url, '--data-dir', laptop], env)
    expect(connected.code, connected.stderr).toBe(0)
    const workspace = /"(.+)" is replicated here/.exec(connected.stdout)![1]!
    // 1,200 people wait: three batches of the push.
    const csv = join(laptop, 'people.csv')
    const rows = Array.from({ length: 1200 }, (_, i) => `Killed Replica ${i + 1}`)
    writeFileSync(csv, `Name\n${rows.join('\n')}\n`)
    const imported = await runCli(
      [
        ...['import', 'people', csv, '--workspace', workspace],
        ...['--mapping', JSON.stringify({ fullName: '{{Name}}' })],
      ],
      { ...env, OUTPOST_DATA_DIR: laptop },
    )
    expect(imported.code, imported.stderr).toBe(0)

    const syncing = spawn(process.execPath, [bin, 'sync', 'once', '--data-dir', laptop])
    const exited = new Promise((done) => syncing.once('exit', done))
    await proxy.waitFor(push, 1)
    syncing.kill('SIGKILL')
    await exited
    expect(syncing.signalCode).toBe('SIGKILL')
    const killed = await openDataDir(laptop)
    expect(await waitingIn(killed)).toBeGreaterThan(0)
    await killed.destroy()

    const again = await runCli(['sync', 'once', '--data-dir', laptop])
    expect(again.code, again.stderr).toBe(0)
    const onServer = await namesOn(server.db, server.tenantId, 'Killed Replica')
    expect(onServer.people).toBe(1200)
    expect(onServer.names.size).toBe(1200)
    const replica = await openDataDir(laptop)
    try {
      expect(await waitingIn(replica)).toBe(0)
      expect(await peopleOf(replica, server.tenantId)).toEqual(
        await peopleOf(server.db, server.tenantId),
      )
    } finally {
      await replica.destroy()
    }
  }, 120_000)

  it('a team server killed while it applies a push loses nothing it answered, and applies nothing twice', async () => {
    // The team server as its own process, on a port it keeps across the restart (on PostgreSQL
    // under `npm run test:postgres`).
    const dataDir = tempDir()
    const database = onPostgres() ? await freshTestDatabase() : null
    rememberDatabaseOf(dataDir, database?.url)
    cleanups.push(async () => {
      rememberDatabaseOf(dataDir, undefined)
      await database?.drop()
    })
    const token = (
      await runCli(['token', 'create', '--data-dir', dataDir, '--name', 'laptop'])
    ).stdout.trim()
    const port = await freePort()
    const start = async () => {
      const serving = await serve(['--data-dir', dataDir, '--port', String(port), '--no-backups'])
      cleanups.push(() => serving.stop())
      return serving
    }
    const team = await start()
    const proxy = await proxyTo(port)
    const laptop = await replicaThrough(proxy, token)
    await makePeople(laptop, 'Killed Server', 1200)

    const syncing = laptop.sync()
    // The second batch is on its way in, or being applied, when the server dies.
    await proxy.waitFor(push, 2)
    team.process.kill('SIGKILL')
    await expect(syncing).rejects.toThrow(/cannot be reached|cut off/)
    expect(await waitingIn(laptop.db)).toBeGreaterThan(0)

    await start()
    expect(await laptop.sync()).toMatchObject({ rejected: [] })
    expect(await waitingIn(laptop.db)).toBe(0)
    const teamDb = await openDataDir(dataDir, database?.url)
    try {
      const onServer = await namesOn(teamDb, laptop.tenantId, 'Killed Server')
      expect(onServer.people).toBe(1200)
      expect(onServer.names.size).toBe(1200)
      expect(await peopleOf(laptop.db, laptop.tenantId)).toEqual(
        await peopleOf(teamDb, laptop.tenantId),
      )
    } finally {
      await teamDb.destroy()
    }
  }, 120_000)
})
