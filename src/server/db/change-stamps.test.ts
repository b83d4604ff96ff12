// The access stamp keeps what is known of tokens through writes to other tables, and changes with
// any write that may change who may do what, and with any rollback.
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { accessStamp, changeStamp, inTransaction, openDatabase } from './connection'

const db = openDatabase(':memory:')
beforeAll(async () => {
  for (const table of ['people', 'api_tokens', 'memberships', 'workspaces', 'accounts'])
    await sql`create table ${sql.table(table)} (id text primary key, name text)`.execute(db)
})
afterAll(() => db.destroy())

const insert = (table: string, id: string) =>
  sql`insert into ${sql.table(table)} (id, name) values (${id}, 'x')`.execute(db)

it('is left by writes to other tables, which change the change stamp', async () => {
  const access = accessStamp(db)
  const change = changeStamp(db)
  await insert('people', 'p1')
  await sql`update people set name = 'y' where id = 'p1'`.execute(db)
  expect(accessStamp(db)).toBe(access)
  expect(changeStamp(db)).not.toBe(change)
})

it('changes with a write to tokens, roles, workspaces or accounts', async () => {
  for (const table of ['api_tokens', 'memberships', 'workspaces', 'accounts']) {
    const before = accessStamp(db)
    await insert(table, `${table}-1`)
    expect(accessStamp(db), table).not.toBe(before)
  }
  const before = accessStamp(db)
  await db
    .updateTable('apiTokens' as never)
    .set({ name: 'z' } as never)
    .execute()
  expect(accessStamp(db)).not.toBe(before)
})

it('changes when a transaction is rolled back, whatever it wrote', async () => {
  const before = accessStamp(db)
  await expect(
    inTransaction(db, async (trx) => {
      await sql`insert into people (id, name) values ('p2', 'x')`.execute(trx)
      throw new Error('refused')
    }),
  ).rejects.toThrow('refused')
  expect(accessStamp(db)).not.toBe(before)
})
