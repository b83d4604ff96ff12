// The merge of the search indexes must leave them answering as before, and stop when done.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from '../db/connection'
import { createWorkspace } from '../workspaces/service'
import { mergeSearchIndexes } from './search-index-merge'

const dir = mkdtempSync(join(tmpdir(), 'outpost-merge-'))
const db = openDatabase(join(dir, 'test.sqlite'))
afterAll(async () => {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

const matches = async (table: string, query: string) =>
  (
    await sql<{ rowid: number }>`select rowid from ${sql.table(table)}
      where ${sql.table(table)} match ${query} order by rowid`.execute(db)
  ).rows.map((row) => row.rowid)

it('merges the segments a person at a time left, until nothing is left to merge', async () => {
  await migrateToLatest(db)
  const { id: tenantId } = await createWorkspace(db, 'Merge', new Date())
  // One transaction each, as people are created one by one: a segment each.
  for (let i = 0; i < 300; i++) {
    await sql`insert into people (id, tenant_id, full_name, primary_email, custom_fields,
      created_at, updated_at) values (${`p${i}`}, ${tenantId}, ${`Ana ${i % 7 === 0 ? 'Silva' : 'Souza'}`},
      ${`ana${i}@example.com`}, '{}', '2026-01-01', '2026-01-01')`.execute(db)
  }
  const before = {
    prefix: await matches('people_prefix', '"si" *'),
    search: await matches('people_search', '"ilv"'),
  }
  expect(before.prefix).toHaveLength(43)
  expect(before.search).toHaveLength(43)
  expect(await mergeSearchIndexes(db)).toBeGreaterThan(0)
  expect(await mergeSearchIndexes(db)).toBe(0)
  expect(await matches('people_prefix', '"si" *')).toEqual(before.prefix)
  expect(await matches('people_search', '"ilv"')).toEqual(before.search)
})
