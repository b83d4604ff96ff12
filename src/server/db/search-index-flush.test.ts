// The people search indexes take a write's changes at its commit: in the group's transaction, after
// a write outside any transaction, and after changes noted by another program.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createWorkspace } from '../workspaces/service'
import { inTransaction, migrateToLatest, openDatabase } from './connection'

const dir = mkdtempSync(join(tmpdir(), 'outpost-search-flush-'))
const file = join(dir, 'test.sqlite')
const db = openDatabase(file)
let tenantId = ''
beforeAll(async () => {
  await migrateToLatest(db)
  tenantId = (await createWorkspace(db, 'Search', new Date())).id
})
afterAll(async () => {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

const insertPerson = (on: typeof db, id: string, name: string) =>
  sql`insert into people (id, tenant_id, full_name, primary_email, custom_fields, created_at,
    updated_at) values (${id}, ${tenantId}, ${name}, ${`${id}@example.com`}, '{}', '2026-01-01',
    '2026-01-01')`.execute(on)
const rename = (on: typeof db, id: string, name: string) =>
  sql`update people set full_name = ${name} where id = ${id}`.execute(on)

/** The people with the word `word` (prefix index), and its first trigram (trigram index). */
async function found(word: string) {
  const ids = async (query: ReturnType<typeof sql<{ id: string }>>) =>
    (await query.execute(db)).rows.map((row) => row.id).sort()
  return {
    prefix: await ids(sql<{ id: string }>`select id from people where rowid in
      (select rowid from people_prefix where people_prefix match ${`"${word}"`})`),
    trigram: await ids(sql<{ id: string }>`select id from people where rowid in
      (select rowid from people_search where people_search match ${`"${word.slice(0, 3)}"`})`),
  }
}
const both = (...ids: string[]) => ({ prefix: ids, trigram: ids })

async function expectIndexesWhole() {
  const pending = await sql<{ n: number }>`select count(*) as n from people_search_pending`.execute(
    db,
  )
  expect(pending.rows[0]!.n).toBe(0)
  // FTS5 checks every entry against the people table: a change lost or applied twice fails it.
  for (const index of ['people_search', 'people_prefix'])
    await sql`insert into ${sql.table(index)} (${sql.ref(index)}) values ('integrity-check')`.execute(
      db,
    )
}

it('indexes what transactions that share a commit wrote, each change in order', async () => {
  await Promise.all([
    inTransaction(db, async (trx) => {
      await insertPerson(trx, 'p1', 'Ana Silva')
      await rename(trx, 'p1', 'Ana Souza')
    }),
    inTransaction(db, async (trx) => {
      await insertPerson(trx, 'p2', 'Bruno Silva')
      await rename(trx, 'p2', 'Bruno Lima')
    }),
    inTransaction(db, (trx) => rename(trx, 'p1', 'Ana Costa')),
  ])
  expect(await found('costa')).toEqual(both('p1'))
  expect(await found('lima')).toEqual(both('p2'))
  expect(await found('silva')).toEqual(both())
  expect(await found('souza')).toEqual(both())
  await expectIndexesWhole()
})

it('leaves out what a transaction rolled back, and keeps what the rest of its group wrote', async () => {
  const failed = inTransaction(db, async (trx) => {
    await rename(trx, 'p2', 'Bruno Gomes')
    throw new Error('changed its mind')
  })
  await Promise.all([
    expect(failed).rejects.toThrow('changed its mind'),
    inTransaction(db, (trx) => insertPerson(trx, 'p3', 'Carla Gomes')),
  ])
  expect(await found('gomes')).toEqual(both('p3'))
  expect(await found('lima')).toEqual(both('p2'))
  await expectIndexesWhole()
})

it('indexes a write made outside any transaction at once, and a delete', async () => {
  await insertPerson(db, 'p4', 'Diego Ribeiro')
  expect(await found('ribeiro')).toEqual(both('p4'))
  await sql`delete from people where id = 'p4'`.execute(db)
  expect(await found('ribeiro')).toEqual(both())
  await expectIndexesWhole()
})

it('indexes changes another program wrote to the file at the next commit', async () => {
  const other = new BetterSqlite3(file)
  other.prepare(`update people set full_name = 'Eduarda Martins' where id = 'p3'`).run()
  other.close()
  await inTransaction(db, (trx) => insertPerson(trx, 'p5', 'Felipe Martins'))
  expect(await found('martins')).toEqual(both('p3', 'p5'))
  await expectIndexesWhole()
})
