// Backups a user can rely on: taken and checked, listed with how the last one went, and restored
// over the running server without stopping it.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupsFolder } from '../../src/server/backups/backup-files'
import { openDataDir } from '../../src/server/workspace-store'
import { createPerson } from '../support/fixtures'
import { requireBuiltCli, runCli } from '../support/cli'
import { onPostgres } from '../support/postgres'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** Writes what a newer version leaves in a file: a migration this version does not have. */
function markUpgradedByNewerVersion(file: string): void {
  const db = new BetterSqlite3(file)
  db.prepare(
    `insert into kysely_migration (name, timestamp) values ('2099-01-01T0000-from-the-future', ?)`,
  ).run(new Date().toISOString())
  db.close()
}

const names = async () =>
  ((await server.api.get('/api/v1/people?pageSize=100')).body.data as { fullName: string }[])
    .map((person) => person.fullName)
    .sort()

/** People and deals in the whole file, every workspace's. */
const everyone = async () => ({
  people: Number(
    (await sql<{ n: number }>`select count(*) as n from people`.execute(server.db)).rows[0]!.n,
  ),
  deals: Number(
    (await sql<{ n: number }>`select count(*) as n from deals`.execute(server.db)).rows[0]!.n,
  ),
})

// On PostgreSQL the database is not a file of the data folder: its backups are pg_dump's, and the
// backups API says so (docs/team-server.md).
describe.runIf(onPostgres())('backups on PostgreSQL', () => {
  it("are pg_dump's: the backups API answers a clear 404, never a 500", async () => {
    for (const answer of [
      await server.admin.get('/api/app/v1/backups'),
      await server.admin.post('/api/app/v1/backups'),
      await server.admin.post(
        '/api/app/v1/backups/outpost-2026-11-25T10-00-00-000Z-manual.sqlite/restore',
      ),
    ]) {
      expect(answer.status).toBe(404)
      expect(answer.body.error.message).toContain('pg_dump')
    }
  })
})

describe.skipIf(onPostgres())('backups', () => {
  it('a backup taken now is checked, listed, and says how it went', async () => {
    await createPerson(server.api, { fullName: 'Ana' })
    const taken = await server.admin.post('/api/app/v1/backups')
    expect(taken.status).toBe(201)
    // The whole file is backed up: every workspace's people and deals.
    expect(taken.body).toMatchObject({ ok: true, kind: 'manual', counts: await everyone() })
    const listed = await server.admin.get('/api/app/v1/backups')
    expect(listed.body.folder).toBe(backupsFolder(server.dataDir))
    expect(listed.body.last).toMatchObject({ ok: true, name: taken.body.name })
    expect(listed.body.backups[0]).toMatchObject({ name: taken.body.name, kind: 'manual' })
    // Each backup is one file, nothing beside it.
    const files = readdirSync(backupsFolder(server.dataDir))
    expect(files).toContain(taken.body.name)
    expect(files.filter((file) => !/^outpost-.*\.sqlite$|^status\.json$/.test(file))).toEqual([])
    // Management only: an api token cannot see them.
    expect((await server.api.get('/api/app/v1/backups')).status).toBe(403)
  })

  it('restores over the running server: writes and reads go on, feed cursors from before are told to resynchronise, and it can be undone', async () => {
    const backup = (await server.admin.post('/api/app/v1/backups')).body.name as string
    const inBackup = await everyone()
    const cursor = (await server.api.get('/api/v1/events?after=now')).body.nextCursor as string
    await createPerson(server.api, { fullName: 'Bruno' })
    expect(await names()).toEqual(['Ana', 'Bruno'])

    // Readers keep being answered while the restore runs.
    let reading = true
    const statuses: number[] = []
    const reader = (async () => {
      while (reading) statuses.push((await server.api.get('/api/v1/people')).status)
    })()
    const restored = await server.admin.post(`/api/app/v1/backups/${backup}/restore`)
    reading = false
    await reader
    expect(restored.status).toBe(200)
    expect(restored.body).toMatchObject({ restoredFrom: backup, counts: inBackup })
    expect(new Set(statuses)).toEqual(new Set([200]))

    expect(await names()).toEqual(['Ana'])
    const mode = await sql<{ journalMode: string }>`pragma journal_mode`.execute(server.db)
    expect(mode.rows[0]?.journalMode).toBe('wal')
    const stale = await server.api.get(`/api/v1/events?after=${cursor}`)
    expect(stale.status).toBe(409)
    expect(stale.body.error.code).toBe('cursor_invalidated')
    // The server writes on at once, counts and pages right.
    await createPerson(server.api, { fullName: 'Carla' })
    expect((await server.api.get('/api/v1/people')).body.total).toBe(2)

    // The moment before was backed up: restoring it undoes the restore.
    const undo = await server.admin.post(`/api/app/v1/backups/${restored.body.undo}/restore`)
    expect(undo.status).toBe(200)
    expect(await names()).toEqual(['Ana', 'Bruno'])
  })

  it('refuses a damaged backup or an unknown one, and changes nothing', async () => {
    const name = (await server.admin.post('/api/app/v1/backups')).body.name as string
    const file = join(backupsFolder(server.dataDir), name)
    const bytes = readFileSync(file)
    // Wreck the pages after the header.
    bytes.fill(0x41, 4096, 16_384)
    writeFileSync(file, bytes)
    const before = await names()
    const damaged = await server.admin.post(`/api/app/v1/backups/${name}/restore`)
    expect(damaged.status).toBe(422)
    expect(damaged.body.error.code).toBe('backup_damaged')
    expect(await names()).toEqual(before)
    const unknown = await server.admin.post(
      '/api/app/v1/backups/outpost-2020-01-01T000000Z-daily.sqlite/restore',
    )
    expect(unknown.status).toBe(404)
    const notAName = await server.admin.post('/api/app/v1/backups/..%2Foutpost.sqlite/restore')
    expect(notAName.status).toBe(400)
  })

  it('the CLI lists the backups and restores one while the server runs', async () => {
    requireBuiltCli()
    const name = (await server.admin.post('/api/app/v1/backups')).body.name as string
    await createPerson(server.api, { fullName: 'Dora' })
    const list = await runCli(['backups', 'list', '--data-dir', server.dataDir])
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/Last backup .*: checked, ok/)
    expect(list.stdout).toContain(name)
    const restore = await runCli(['backups', 'restore', name, '--data-dir', server.dataDir])
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain(`Restored ${name}`)
    // The running server sees the restored file.
    expect(await names()).not.toContain('Dora')
  })

  it('the CLI restores a copy `outpost backup FILE` wrote: over the running server, or into a new folder', async () => {
    requireBuiltCli()
    const copy = join(mkdtempSync(join(tmpdir(), 'outpost-copy-')), 'outpost-copy.sqlite')
    expect((await runCli(['backup', copy, '--data-dir', server.dataDir])).code).toBe(0)
    const kept = await names()
    await createPerson(server.api, { fullName: 'Eva' })
    const restore = await runCli(['backups', 'restore', copy, '--data-dir', server.dataDir])
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)
    expect(restore.stdout).toMatch(
      new RegExp(
        `^Restored ${copy}: \\d+ people, \\d+ deals\\. To undo: outpost backups restore outpost-.*-pre-restore\\.sqlite`,
      ),
    )
    expect(await names()).toEqual(kept)

    // A new laptop: a data folder with no database yet, so nothing to undo.
    const laptop = mkdtempSync(join(tmpdir(), 'outpost-laptop-'))
    const onLaptop = await runCli(['backups', 'restore', copy, '--data-dir', laptop])
    expect(onLaptop.code).toBe(0)
    expect(onLaptop.stdout).not.toContain('To undo')
    const db = await openDataDir(laptop)
    try {
      const people = await db.selectFrom('people').select('fullName').execute()
      expect(people.map((person) => person.fullName)).toEqual(expect.arrayContaining(kept))
    } finally {
      await db.destroy()
    }

    // The database itself, or a file that is not there, is refused in one line.
    const itself = join(server.dataDir, 'outpost.sqlite')
    const refused = await runCli(['backups', 'restore', itself, '--data-dir', server.dataDir])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe(`outpost: ${itself} is the database itself, not a backup of it\n`)
    const missing = await runCli([
      'backups',
      'restore',
      'nope.sqlite',
      '--data-dir',
      server.dataDir,
    ])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^outpost: no backup named nope\.sqlite in .*, and no such file/)
  })

  it('refuses a backup a newer Outpost made, and changes nothing', async () => {
    const name = (await server.admin.post('/api/app/v1/backups')).body.name as string
    markUpgradedByNewerVersion(join(backupsFolder(server.dataDir), name))
    const before = await names()
    const refused = await server.admin.post(`/api/app/v1/backups/${name}/restore`)
    expect(refused.status).toBe(422)
    expect(refused.body.error).toMatchObject({
      code: 'backup_from_newer_version',
      message: expect.stringContaining('2099-01-01T0000-from-the-future'),
    })
    expect(await names()).toEqual(before)
  })

  it('going back to this version: a database a newer one upgraded is refused at start, and a backup restored over it', async () => {
    requireBuiltCli()
    const folder = mkdtempSync(join(tmpdir(), 'outpost-rolled-back-'))
    const db = await openDataDir(folder)
    await db.destroy()
    const copy = join(folder, 'before-the-upgrade.sqlite')
    expect((await runCli(['backup', copy, '--data-dir', folder])).code).toBe(0)
    markUpgradedByNewerVersion(join(folder, 'outpost.sqlite'))

    const serve = await runCli(['serve', '--data-dir', folder, '--port', '0'])
    expect(serve.code).toBe(1)
    expect(serve.stderr).toMatch(
      /^outpost: The database was upgraded by a newer version of Outpost \(its schema has 2099-01-01T0000-from-the-future, which this version does not know\): run that version or a newer one, or, to go back to this one, restore a backup made before it/,
    )
    const restore = await runCli(['backups', 'restore', copy, '--data-dir', folder])
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)
    // Upgraded by this version again, and opened as ever.
    const reopened = await openDataDir(folder)
    await reopened.destroy()
  })
})
