// A list's `total` of people and deals comes from counts that triggers keep in the same transaction
// as every insert and delete: it must equal a real count after every kind of write, per workspace,
// and start right on a data folder made before the counts existed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from '../../src/server/db/connection'
import { migrationProvider } from '../../src/server/db/migrations'
import { createPerson, salesPipeline } from '../support/fixtures'
import { startTestServer, type Caller, type TestServer } from '../support/server'
import { importNames } from '../support/inbound'
import { refuseInserts } from '../support/postgres'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function counted(table: 'people' | 'deals', tenantId: string) {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(server.db)
  return rows[0]!.n
}

async function expectTotals(caller: Caller, tenantId: string) {
  const people = await caller.get('/api/v1/people?pageSize=1')
  const deals = await caller.get('/api/v1/deals?pageSize=1')
  const search = await caller.get('/api/app/v1/people?pageSize=1')
  expect(people.body.total).toBe(await counted('people', tenantId))
  expect(deals.body.total).toBe(await counted('deals', tenantId))
  expect(search.body.total).toBe(people.body.total)
}

describe('list totals of people and deals', () => {
  it('stay exact through creates, deletes, a CSV import and cascades, per workspace', async () => {
    const other = await server.otherWorkspace('Counted elsewhere')
    await createPerson(other.admin, { fullName: 'Elsewhere' })
    const pipeline = await salesPipeline(server.admin)
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await createPerson(server.api, { fullName: `P${i}` })).id)
    const deal = await server.api.post('/api/v1/deals', {
      title: 'Counted',
      value: 10,
      pipelineId: pipeline.id,
      stageId: pipeline.stages[0]!.id,
      primaryPersonId: ids[0],
    })
    expect(deal.status).toBe(201)
    await expectTotals(server.admin, server.tenantId)

    expect((await server.api.delete(`/api/v1/people/${ids[0]}`)).status).toBe(204)
    expect((await server.api.delete(`/api/v1/deals/${deal.body.id}`)).status).toBe(204)
    await expectTotals(server.admin, server.tenantId)

    const names = ['Imported A', 'Imported B', 'Imported C']
    expect((await importNames(server.url, server.adminToken, names)).status).toBe(200)
    await expectTotals(server.admin, server.tenantId)
    await expectTotals(other.admin, other.tenantId)
    expect((await other.admin.get('/api/v1/people')).body.total).toBe(1)

    // A write that fails after its insert leaves the count as it was: the count's trigger ran in
    // the transaction that was rolled back.
    const allow = await refuseInserts(server.db, 'events', 'events refused')
    try {
      const refused = await server.api.post('/api/v1/people', { fullName: 'Never stored' })
      expect(refused.status).toBe(500)
    } finally {
      await allow()
    }
    await expectTotals(server.admin, server.tenantId)

    // Deleting a workspace takes its people, deals and counts with it.
    await sql`delete from workspaces where id = ${other.tenantId}`.execute(server.db)
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from record_counts where tenant_id = ${other.tenantId}`.execute(
      server.db,
    )
    expect(rows[0]!.n).toBe(0)
  })

  it('start from the rows already there when a data folder made before them is opened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outpost-counts-'))
    const db = openDatabase(join(dir, 'outpost.sqlite'))
    try {
      const migrator = new Migrator({ db, provider: migrationProvider })
      const { error } = await migrator.migrateTo('2026-11-23T2200-login-links')
      expect(error).toBeUndefined()
      const at = '2026-01-01T00:00:00.000Z'
      await sql`insert into workspaces (id, name, created_at, updated_at)
        values ('w1', 'Old', ${at}, ${at})`.execute(db)
      for (const id of ['a', 'b', 'c']) {
        await sql`insert into people (id, tenant_id, full_name, created_at, updated_at)
          values (${id}, 'w1', ${id}, ${at}, ${at})`.execute(db)
      }
      await migrateToLatest(db)
      const { rows } = await sql<{ kind: string; total: number }>`
        select kind, total from record_counts where tenant_id = 'w1' order by kind`.execute(db)
      expect(rows).toEqual([{ kind: 'people', total: 3 }])
      await sql`insert into people (id, tenant_id, full_name, created_at, updated_at)
        values ('d', 'w1', 'd', ${at}, ${at})`.execute(db)
      const after = await sql<{ total: number }>`
        select total from record_counts where tenant_id = 'w1' and kind = 'people'`.execute(db)
      expect(after.rows[0]!.total).toBe(4)
    } finally {
      await db.destroy()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
