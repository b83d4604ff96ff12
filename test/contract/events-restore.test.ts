// A client keeps a feed cursor while the database under it is restored from a backup: its next
// read must tell it to resynchronise (409 with a cursor to resume from), never skip the changes
// made since, never fail for good.
import { copyFileSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/server/auth/service'
import { backupDatabase } from '../../src/server/backup'
import { databaseFileName } from '../../src/server/data-dir'
import { silentLogger } from '../../src/server/logger'
import { startServer, type RunningServer } from '../../src/server/server'
import { ensureDefaultWorkspace } from '../../src/server/workspace-store'
import { eventsAfter } from '../support/events'
import { createPerson } from '../support/fixtures'
import { caller, type Caller } from '../support/server'

const dataDir = mkdtempSync(join(tmpdir(), 'outpost-restore-'))
const database = join(dataDir, databaseFileName)
const backup = join(mkdtempSync(join(tmpdir(), 'outpost-backup-')), 'backup.sqlite')
let server: RunningServer
let api: Caller

const start = async () => {
  server = await startServer({ dataDir, port: 0, logger: silentLogger })
  api = caller(server.url, token)
}
let token = ''

/** Stops the server, puts the backup in place (as a new file, or over the old one), restarts. */
async function restore(how: 'new file' | 'in place') {
  await server.close()
  for (const suffix of ['-wal', '-shm']) rmSync(database + suffix, { force: true })
  if (how === 'new file') {
    copyFileSync(backup, database + '.restoring')
    renameSync(database + '.restoring', database)
  } else {
    const inode = statSync(database).ino
    copyFileSync(backup, database)
    expect(statSync(database).ino).toBe(inode)
  }
  await start()
}

const names = async () =>
  ((await api.get('/api/v1/people?pageSize=100')).body.data as { fullName: string }[])
    .map((person) => person.fullName)
    .sort()

beforeAll(async () => {
  server = await startServer({ dataDir, port: 0, logger: silentLogger })
  const workspace = await ensureDefaultWorkspace(server.db, new Date())
  token = (
    await createApiToken(server.db, workspace.id, { name: 'sync', scope: 'api' }, new Date())
  ).token
  api = caller(server.url, token)
})
afterAll(async () => {
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('feed cursors across a restore', () => {
  it('a cursor from before a restore to a new file answers 409 with where to resume, and resuming loses nothing', async () => {
    await createPerson(api, { fullName: 'Before backup' })
    const early = (await api.get('/api/v1/events')).body.nextCursor as string
    await backupDatabase(dataDir, backup)
    await createPerson(api, { fullName: 'After backup' })
    const late = (await api.get(`/api/v1/events?after=${early}`)).body.nextCursor as string

    await restore('new file')
    for (const cursor of [early, late]) {
      const { status, body } = await api.get(`/api/v1/events?after=${cursor}`)
      expect(status).toBe(409)
      expect(body.error.code).toBe('cursor_invalidated')
      expect(body.error.details.field).toBe('after')
      expect(body.error.message).toContain('/api/v1/people')
      expect(typeof body.error.details.resumeCursor).toBe('string')
    }
    // The stream, resuming with Last-Event-ID, is answered the same before it starts.
    const stream = await fetch(`${server.url}/api/v1/events/stream`, {
      headers: { authorization: `Bearer ${token}`, 'last-event-id': late },
    })
    expect(stream.status).toBe(409)
    expect(((await stream.json()) as any).error.details.field).toBe('last-event-id')

    // Resynchronise as told: take the resume cursor, copy the state, read on from the cursor.
    const { body } = await api.get(`/api/v1/events?after=${late}`)
    const resume = body.error.details.resumeCursor as string
    expect(await names()).toEqual(['Before backup'])
    await createPerson(api, { fullName: 'After restore' })
    const events = await eventsAfter(api, resume)
    expect(events.map((event) => event.data.object.fullName)).toEqual(['After restore'])
  })

  it('a restore over the same file: a cursor past the newest event, then one at an event written anew, both answer 409', async () => {
    await backupDatabase(dataDir, backup + '2')
    renameSync(backup + '2', backup)
    const before = (await api.get('/api/v1/events?after=now')).body.nextCursor as string
    await createPerson(api, { fullName: 'Lost one' })
    await createPerson(api, { fullName: 'Lost two' })
    const ahead = (await api.get(`/api/v1/events?after=${before}`)).body.nextCursor as string

    await restore('in place')
    expect((await api.get(`/api/v1/events?after=${before}`)).status).toBe(200)
    const past = await api.get(`/api/v1/events?after=${ahead}`)
    expect(past.status).toBe(409)
    expect(past.body.error.message).toContain('past the newest event')

    // Two new events take the positions the lost ones had: the cursor is not read as valid.
    await createPerson(api, { fullName: 'New one' })
    await createPerson(api, { fullName: 'New two' })
    const reused = await api.get(`/api/v1/events?after=${ahead}`)
    expect(reused.status).toBe(409)
    expect(reused.body.error.code).toBe('cursor_invalidated')
    // A cursor from before the backup still reads every change since, in order.
    const since = await eventsAfter(api, before)
    expect(since.map((event) => event.data.object.fullName)).toEqual(['New one', 'New two'])
  })

  it('the example sync client copies the state anew when told, and ends equal to the server', async () => {
    const sync = await import(pathToFileURL(resolve('examples/sync.mjs')).href)
    const replica = sync.emptyReplica()
    await sync.initialSync(sync.createClient({ url: server.url, token }), replica)
    await backupDatabase(dataDir, backup + '3')
    renameSync(backup + '3', backup)
    await createPerson(api, { fullName: 'Gone with the restore' })
    await sync.pullChanges(sync.createClient({ url: server.url, token }), replica)
    expect(Object.keys(replica.people)).toHaveLength((await names()).length)

    await restore('new file')
    await createPerson(api, { fullName: 'Made after the restore' })
    await sync.pullChanges(sync.createClient({ url: server.url, token }), replica)
    const copied = Object.values(replica.people as Record<string, { fullName: string }>)
    expect(copied.map((person) => person.fullName).sort()).toEqual(await names())
    expect(await names()).toContain('Made after the restore')
    expect(await names()).not.toContain('Gone with the restore')
  })

  it('the identity lasts across restarts of the same file: cursors stay valid', async () => {
    const cursor = (await api.get('/api/v1/events?after=now')).body.nextCursor as string
    await server.close()
    await start()
    await createPerson(api, { fullName: 'After restart' })
    const events = await eventsAfter(api, cursor)
    expect(events.map((event) => event.data.object.fullName)).toEqual(['After restart'])
  })
})
