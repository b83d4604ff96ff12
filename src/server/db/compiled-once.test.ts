// A query compiled once must answer each call with that call's arguments, inside transactions too.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, expect, it } from 'vitest'
import { compiledOnce } from './compiled-once'
import { openDatabase, type Db } from './connection'

const dir = mkdtempSync(join(tmpdir(), 'outpost-compiled-once-'))
const db = openDatabase(join(dir, 'test.sqlite'))
afterAll(async () => {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

it('binds each call’s arguments into the SQL compiled on the first call, literals kept', async () => {
  await sql`create table items (tenant_id text, id text, kind text, full_name text)`.execute(db)
  await sql`insert into items values ('t1', 'a', 'x', 'A'), ('t1', 'b', 'x', 'B'),
    ('t2', 'a', 'x', 'other A'), ('t1', 'c', 'y', 'C')`.execute(db)
  const item = compiledOnce((db: Db, tenantId: string, id: string) =>
    db
      .selectFrom('items' as 'people')
      .select('fullName')
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where('kind' as 'id', '=', 'x'),
  )
  expect(await item(db, 't1', 'a')).toEqual([{ fullName: 'A' }])
  expect(await item(db, 't2', 'a')).toEqual([{ fullName: 'other A' }])
  expect(await item(db, 't1', 'c')).toEqual([])
  const inTransaction = await db.transaction().execute((trx) => item(trx, 't1', 'b'))
  expect(inTransaction).toEqual([{ fullName: 'B' }])
})
