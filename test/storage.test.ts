import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CompiledQuery, sql, type Compilable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  migrateToLatest,
  openDatabase,
  withTempFilesOnDisk,
  type Db,
} from '../src/server/db/connection'
import { tenantPageQueries, type TenantListTable } from '../src/server/db/tenant-page'
import { createPerson } from './support/fixtures'
import { startTestServer, type TestServer } from './support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** SQLite's plan for a Kysely query, one line per step. */
async function queryPlan(db: Db, query: Compilable) {
  const { sql: text, parameters } = query.compile()
  const result = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
  )
  return result.rows.map((row) => row.detail)
}

describe('storage', () => {
  it('opens SQLite with WAL, foreign keys, a busy timeout, synchronous=FULL and sub-journals in memory', async () => {
    const pragma = async (name: string) =>
      (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(server.db)).rows[0]
    expect(await pragma('journal_mode')).toEqual({ journalMode: 'wal' })
    expect(await pragma('foreign_keys')).toEqual({ foreignKeys: 1 })
    expect(await pragma('busy_timeout')).toEqual({ timeout: 5000 })
    // 2 is FULL: a commit is on disk before the answer (docs/durability.md).
    expect(await pragma('synchronous')).toEqual({ synchronous: 2 })
    // 2 is MEMORY: each write's savepoint journal, once the migrations that ran on disk are done.
    expect(await pragma('temp_store')).toEqual({ tempStore: 2 })
  })

  it('runs a write that changes much of the file with its sub-journal on disk, then memory again', async () => {
    const tempStore = async (db: Db) =>
      (await sql<{ tempStore: number }>`pragma temp_store`.execute(db)).rows[0]!.tempStore
    const dir = mkdtempSync(join(tmpdir(), 'outpost-temp-store-'))
    const db = openDatabase(join(dir, 'outpost.sqlite'))
    try {
      // 1 is FILE, 2 MEMORY; also restored when the work fails.
      expect(await withTempFilesOnDisk(db, () => tempStore(db))).toBe(1)
      await expect(
        withTempFilesOnDisk(db, () => Promise.reject(new Error('failed'))),
      ).rejects.toThrow('failed')
      expect(await tempStore(db)).toBe(2)
      // Inside a transaction the setting cannot change: the work joins it as it is.
      await db.transaction().execute(async (trx) => {
        expect(await withTempFilesOnDisk(trx, () => tempStore(trx))).toBe(2)
      })
    } finally {
      await db.destroy()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('applies the in-code migrations on start, once; running them again changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-migrate-'))
    try {
      const db = openDatabase(join(dir, 'outpost.sqlite'))
      await migrateToLatest(db)
      const applied = await db
        .selectFrom('kyselyMigration' as never)
        .selectAll()
        .execute()
      await migrateToLatest(db)
      expect(
        await db
          .selectFrom('kyselyMigration' as never)
          .selectAll()
          .execute(),
      ).toEqual(applied)
      const tables = await sql<{
        name: string
      }>`select name from sqlite_master where type = 'table'`.execute(db)
      for (const table of [
        'workspaces',
        'users',
        'companies',
        'pipelines',
        'stages',
        'lost_reasons',
        'workspace_currencies',
        'people',
        'person_tags',
        'deals',
        'deal_tags',
        'api_tokens',
        'events',
      ]) {
        expect(tables.rows.map((row) => row.name)).toContain(table)
      }
      await db.destroy()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('list queries use the (tenant, createdAt, id) index: no full scan, no temporary B-tree', async () => {
    const tables: TenantListTable[] = [
      'people',
      'deals',
      'users',
      'companies',
      'lostReasons',
      'apiTokens',
    ]
    for (const table of tables) {
      const queries = tenantPageQueries(server.db, table, server.tenantId, 25, 50)
      for (const [name, query] of Object.entries(queries)) {
        const plan = (await queryPlan(server.db, query)).join(' | ')
        // A page reads (tenant, created_at, id) in order; a count may read any index that
        // starts with the tenant (SQLite picks the one it thinks smallest).
        expect(plan, `${table} ${name}`).toMatch(
          name === 'count'
            ? /USING (COVERING )?INDEX \w+_tenant_\w+ \(tenant_id=\?\)/
            : /USING (COVERING )?INDEX \w+_tenant_created \(tenant_id=\?\)/,
        )
        expect(plan, `${table} ${name}`).not.toMatch(/\bSCAN\b/)
        expect(plan, `${table} ${name}`).not.toMatch(/TEMP B-TREE/)
      }
    }
  })

  it('a change and its event are one transaction: if the event cannot be written, neither is the change', async () => {
    const before = (await server.api.get('/api/v1/people')).body.total
    await sql`create trigger refuse_events before insert on events begin select raise(abort, 'events refused'); end`.execute(
      server.db,
    )
    try {
      const { status } = await server.api.post('/api/v1/people', {
        fullName: 'Never stored',
        tags: ['x'],
      })
      expect(status).toBe(500)
    } finally {
      await sql`drop trigger refuse_events`.execute(server.db)
    }
    expect((await server.api.get('/api/v1/people')).body.total).toBe(before)
    const tags = await server.db
      .selectFrom('personTags')
      .selectAll()
      .where('tag', '=', 'x')
      .execute()
    expect(tags).toEqual([])
  })

  it('every change writes its events to the outbox in commit order', async () => {
    const person = await createPerson(server.api, { fullName: 'Outboxed', tags: ['a'] })
    await server.api.patch(`/api/v1/people/${person.id}`, { fullName: 'Renamed' })
    await server.api.delete(`/api/v1/people/${person.id}`)
    const events = await server.db
      .selectFrom('events')
      .selectAll()
      .where('resourceId', '=', person.id)
      .orderBy('seq')
      .execute()
    expect(events.map((event) => event.type)).toEqual([
      'person.created',
      'person.tag_added',
      'person.updated',
      'person.deleted',
    ])
    const updated = JSON.parse(events[2]!.payload)
    expect(updated).toMatchObject({
      type: 'person.updated',
      tenantId: server.tenantId,
      data: {
        changes: ['fullName'],
        previous: { fullName: 'Outboxed' },
        object: { fullName: 'Renamed' },
      },
    })
  })
})
