// Upgrades: a database made by every earlier schema version (test/fixtures/schemas, written by
// scripts/schema-fixtures.ts) opens, migrates, and serves the API with its records intact; a
// migration that fails leaves the file as it was.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupsFolder, listBackups } from '../src/server/backups/backup-files'
import { verifyBackup } from '../src/server/backups/take-backup'
import { migrateToLatest, openDatabase } from '../src/server/db/connection'
import { migrationProvider } from '../src/server/db/migrations'
import { silentLogger } from '../src/server/logger'
import { startServer } from '../src/server/server'
import {
  fixtureInboundToken,
  fixtureSecret,
  fixtureToken,
  replicaTenant,
} from '../scripts/schema-fixtures'
import { caller } from './support/server'

const fixtures = join('test', 'fixtures', 'schemas')
const versions = readdirSync(fixtures)
  .filter((name) => name.endsWith('.sqlite'))
  .map((name) => name.replace(/\.sqlite$/, ''))
  .sort()
const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

function dataDirWith(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-upgrade-'))
  dirs.push(dir)
  copyFileSync(join(fixtures, `${version}.sqlite`), join(dir, 'outpost.sqlite'))
  return dir
}

const has = (version: string, migration: string) => version >= migration

/** Every table, index and trigger of the file, as SQLite stores its definition. */
function schemaOf(file: string): { type: string; name: string; sql: string | null }[] {
  const db = new BetterSqlite3(file, { readonly: true })
  try {
    // sqlite_stat*: the planner's statistics, which ANALYZE writes whenever it runs.
    return db
      .prepare(
        `select type, name, tbl_name, sql from sqlite_master
         where name not like 'sqlite_stat%' order by type, name`,
      )
      .all() as { type: string; name: string; sql: string | null }[]
  } finally {
    db.close()
  }
}

// The schema of a database made today, for comparison with every upgraded one.
let newSchema: ReturnType<typeof schemaOf>
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-new-'))
  dirs.push(dir)
  const db = openDatabase(join(dir, 'outpost.sqlite'))
  await migrateToLatest(db)
  await db.destroy()
  newSchema = schemaOf(join(dir, 'outpost.sqlite'))
})

describe('databases of every earlier schema version', () => {
  it('there is one for each migration but the newest (run scripts/schema-fixtures.ts)', async () => {
    const names = Object.keys(await migrationProvider.getMigrations()).sort()
    expect(versions).toEqual(names.slice(0, -1))
  })

  it.each(versions)('%s: migrates and serves its records through the API', async (version) => {
    const dataDir = dataDirWith(version)
    const server = await startServer({ dataDir, port: 0, logger: silentLogger })
    try {
      // The file as it was, backed up and checked before the upgrade.
      const [before] = listBackups(dataDir)
      expect(before).toMatchObject({ kind: 'pre-migration' })
      const check = verifyBackup(join(backupsFolder(dataDir), before!.name))
      expect(check).toEqual({ people: 3, deals: 1 })
      const api = caller(server.url, fixtureToken)
      const list = await api.get('/api/v1/people?pageSize=10')
      expect(list.status).toBe(200)
      expect(list.body.total).toBe(3)
      expect(list.body.data.map((person: { fullName: string }) => person.fullName)).toEqual([
        'Person 3',
        'Person 2',
        'Person 1',
      ])
      expect(list.body.data[2]).toMatchObject({ tags: ['vip'], customFields: { score: 1 } })
      const deal = await api.get('/api/v1/deals/00000000-0000-4000-8000-00000000c001')
      expect(deal.body).toMatchObject({ title: 'First deal', value: 1500, currency: 'BRL' })

      // Writes, counts, search (one word, and two letters) and the feed work on the old records.
      const created = await api.post('/api/v1/people', { fullName: 'Person 4', tags: ['new'] })
      expect(created.status).toBe(201)
      expect((await api.get('/api/v1/people')).body.total).toBe(4)
      const found = await api.get('/api/app/v1/people?q=person')
      expect(found.body.total).toBe(4)
      expect((await api.get('/api/app/v1/people?q=pe')).body.total).toBe(4)
      // The order by name reads keys the upgrade wrote for the old records: "Álvaro" sorts with
      // the a's, before them, not after (nor, had their keys stayed empty, after them).
      await api.post('/api/v1/people', { fullName: 'Álvaro' })
      const byName = await api.get('/api/v1/people?sort=fullName&pageSize=10')
      expect(byName.body.data.map((person: { fullName: string }) => person.fullName)).toEqual([
        'Álvaro',
        'Person 1',
        'Person 2',
        'Person 3',
        'Person 4',
      ])
      const feed = await api.get('/api/v1/events?limit=1000')
      expect(feed.status).toBe(200)
      expect(feed.body.data.at(-1).data.object.fullName).toBe('Álvaro')
      expect((await api.get(`/api/v1/events?after=${feed.body.nextCursor}`)).status).toBe(200)

      if (has(version, '2026-11-22T1000-inbound')) {
        const delivered = await fetch(`${server.url}/webhooks/in/${fixtureInboundToken}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Lead', email: 'lead@fixture.test' }),
        })
        expect(delivered.status).toBe(201)
      }
      if (has(version, '2026-11-22T1100-outbound')) {
        const subscription = '00000000-0000-4000-8000-00000000f002'
        const secret = await api.get(`/api/app/v1/webhook-subscriptions/${subscription}/secret`)
        expect(secret.body.secret).toBe(fixtureSecret)
      }
      if (has(version, '2026-11-25T0700-activities-notes')) {
        const person = '00000000-0000-4000-8000-00000000b001'
        const activities = await api.get(`/api/v1/activities?personId=${person}`)
        expect(activities.body.data).toMatchObject([{ subject: 'Fixture call', done: true }])
        const notes = await api.get(`/api/v1/notes?personId=${person}`)
        expect(notes.body.data).toMatchObject([{ body: 'Fixture note', pinned: true }])
      }
      if (has(version, '2026-11-26T0000-sync')) {
        // The one link of sync's first schema is now that workspace's, its change still waiting.
        const link = await api.get('/api/app/v1/sync')
        expect(link.body).toMatchObject({
          serverUrl: 'http://127.0.0.1:9',
          waiting: 1,
          workspaces: [{ workspaceId: replicaTenant, name: 'Replica', waiting: 1 }],
        })
      }
    } finally {
      await server.close()
    }
    // Upgraded, the file has exactly the tables, columns, indexes and triggers of a new one: what
    // lets npm run test:upgrades run the whole contract suite on the oldest and newest only.
    expect(schemaOf(join(dataDir, 'outpost.sqlite'))).toEqual(newSchema)
  })
})

/** The file's content as SQL sees it: every object's definition and every table's rows. */
function contentOf(file: string): string {
  const db = new BetterSqlite3(file, { readonly: true })
  try {
    const objects = db
      .prepare(`select type, name, sql from sqlite_master order by type, name`)
      .all() as { type: string; name: string; sql: string | null }[]
    const rows = objects
      .filter((object) => object.type === 'table' && !object.name.startsWith('sqlite_'))
      .map((table) => db.prepare(`select * from "${table.name}"`).all())
    return JSON.stringify({ objects, rows })
  } finally {
    db.close()
  }
}

describe('a migration that fails', () => {
  it('stops the start with its name, and leaves the file as it was', async () => {
    const dir = dataDirWith('2026-11-24T2000-event-retention')
    const file = join(dir, 'outpost.sqlite')
    // Something in the way of a later migration: a table of the name it creates.
    const sqlite = new BetterSqlite3(file)
    sqlite.exec('create table people_prefix (x)')
    sqlite.close()
    const before = contentOf(file)
    await expect(startServer({ dataDir: dir, port: 0, logger: silentLogger })).rejects.toThrow(
      /2026-11-24T2100-people-prefix-search failed/,
    )
    expect(contentOf(file)).toBe(before)
  })
})
