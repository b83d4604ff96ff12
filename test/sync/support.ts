// Replicas for the sync tests: each its own data folder and SQLite file, opened as `outpost serve`
// opens one (sealing key included), connected to a real team server over HTTP.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Db } from '../../src/server/db/connection'
import { listActivitiesAfter } from '../../src/server/activities/service'
import { listDealsAfter } from '../../src/server/deals/service'
import { listNotesAfter } from '../../src/server/notes/service'
import { listSavedViewsAfter } from '../../src/server/saved-views/service'
import { createPerson, listPeopleAfter } from '../../src/server/people/service'
import { fileKeyStore } from '../../src/server/sealing/key-store'
import { prepareSealing } from '../../src/server/sealing/prepare'
import { connectReplica, replicaStatus, syncOnce } from '../../src/server/sync/replica'
import type { SyncServer } from '../../src/server/sync/server-client'
import { openDataDir } from '../../src/server/workspace-store'
import { afterAll, afterEach, beforeAll, expect, onTestFinished } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'

/** The changes made on a replica's folder not yet settled by the server, in all its workspaces. */
export const waitingIn = async (db: Db): Promise<number> => (await replicaStatus(db)).waiting

export interface Replica {
  dataDir: string
  db: Db
  tenantId: string
  /** One sync round, at `at` (the replica's clock). */
  sync(at?: Date, connect?: (url: string, token: string) => SyncServer): ReturnType<typeof syncOnce>
  close(): Promise<void>
}

/** A replica of the workspace of `token` on `server` (a TestServer, or any server's address). */
export async function startReplica(
  server: Pick<TestServer, 'url' | 'apiToken'>,
  token = server.apiToken,
): Promise<Replica> {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-replica-'))
  const db = await openDataDir(dataDir)
  await prepareSealing(db, fileKeyStore(dataDir))
  const { workspaces } = await connectReplica(
    db,
    { serverUrl: server.url, tokens: [token] },
    () => new Date(),
  )
  return {
    dataDir,
    db,
    tenantId: workspaces[0]!.id,
    sync: (at = new Date(), connect) => syncOnce(db, () => at, connect),
    close: async () => {
      await db.destroy()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A team server for a test file, and the replicas of it each test starts, closed when the test
 * ends. `ownServer()` gives one test a server of its own (a clock of its own, or one no earlier
 * test's pushes moved ahead) in place of the shared one, until the test ends.
 */
export function teamWithReplicas() {
  let server: TestServer | undefined
  const replicas: Replica[] = []
  const closeReplicas = async () => {
    await Promise.all(replicas.splice(0).map((replica) => replica.close()))
  }
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())
  afterEach(closeReplicas)
  return {
    get server(): TestServer {
      return server!
    },
    /** A replica of the server's workspace (or of the workspace of `token`). */
    async replica(token?: string): Promise<Replica> {
      const started = await startReplica(server!, token)
      replicas.push(started)
      return started
    },
    closeReplicas,
    /** What `read` finds on the server, once every copy is seen to find the same. */
    async expectSame<T>(read: (db: Db, tenantId: string) => Promise<T>, ...copies: Replica[]) {
      const expected = await read(server!.db, server!.tenantId)
      for (const copy of copies) expect(await read(copy.db, copy.tenantId)).toEqual(expected)
      return expected
    },
    async ownServer(options: Parameters<typeof startTestServer>[0] = {}) {
      const shared = server
      server = await startTestServer(options)
      onTestFinished(async () => {
        await server!.close()
        server = shared
      })
    },
  }
}

/** The people of a workspace as every copy must agree on them, ordered by id. */
export async function peopleOf(db: Db, tenantId: string) {
  const people = await listPeopleAfter(db, tenantId, null, 100_000)
  return people
    .map(({ updatedAt: _updated, ...person }) => person)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
}

/** The deals of a workspace as every copy must agree on them, ordered by id. */
export async function dealsOf(db: Db, tenantId: string) {
  const deals = await listDealsAfter(db, tenantId, null, 100_000)
  return deals
    .map(({ updatedAt: _updated, ...deal }) => deal)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
}

/** The companies of a workspace as every copy must agree on them, ordered by id. */
export async function companiesOf(db: Db, tenantId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'domain', 'createdAt'])
    .where('tenantId', '=', tenantId)
    .orderBy('id')
    .execute()
}

/** The notes of a workspace as every copy must agree on them, ordered by id. */
export async function notesOf(db: Db, tenantId: string) {
  const notes = await listNotesAfter(db, tenantId, null, 100_000)
  return notes
    .map(({ updatedAt: _updated, ...note }) => note)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
}

/** The activities of a workspace as every copy must agree on them, ordered by id. */
export async function activitiesOf(db: Db, tenantId: string) {
  const activities = await listActivitiesAfter(db, tenantId, null, 100_000)
  return activities
    .map(({ updatedAt: _updated, ...activity }) => activity)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
}

/** The saved views of a workspace as every copy must agree on them, ordered by id. */
export async function savedViewsOf(db: Db, tenantId: string) {
  const views = await listSavedViewsAfter(db, tenantId, null, 100_000)
  return views
    .map(({ updatedAt: _updated, ...view }) => view)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
}

/** `count` people made on the replica, offline, named `prefix 1`, `prefix 2`... */
export async function makePeople(replica: Replica, prefix: string, count: number) {
  for (let i = 1; i <= count; i++) {
    await createPerson(replica.db, replica.tenantId, { fullName: `${prefix} ${i}` }, new Date())
  }
}
