// Inserts of a few rows are compiled once per shape: each call must still write its own values.
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from './connection'
import { insertRows, updateRow } from './tenant-rows'

const db = openDatabase(':memory:')
type Item = { id: string; label: string | null; size?: number | null; data?: Uint8Array }
const insert = (rows: Item[]) => insertRows(db, 'items' as never, rows as never)
const items = async () =>
  (await sql<Item>`select id, label, size, data from items order by id`.execute(db)).rows

beforeAll(async () => {
  await sql`create table items (id text primary key, label text, size integer, data blob)`.execute(
    db,
  )
})
afterAll(() => db.destroy())

it('writes each call its own values, whatever shape was compiled before', async () => {
  await insert([{ id: 'a', label: 'first', size: 1 }])
  await insert([{ id: 'b', label: null, size: 2 }])
  // Another shape: a column left out, then two rows, then bytes.
  await insert([{ id: 'c', label: 'third' }])
  await insert([
    { id: 'd', label: 'fourth', size: 4 },
    { id: 'e', label: 'fifth', size: 5 },
  ])
  await insert([{ id: 'f', label: 'bytes', data: new Uint8Array([1, 2]) }])
  expect(await items()).toEqual([
    { id: 'a', label: 'first', size: 1, data: null },
    { id: 'b', label: null, size: 2, data: null },
    { id: 'c', label: 'third', size: null, data: null },
    { id: 'd', label: 'fourth', size: 4, data: null },
    { id: 'e', label: 'fifth', size: 5, data: null },
    { id: 'f', label: 'bytes', size: null, data: Buffer.from([1, 2]) },
  ])
})

it('builds anew rows that differ, values that are SQL, and large batches', async () => {
  await sql`delete from items`.execute(db)
  await insert([
    { id: 'a', label: 'set' },
    { id: 'b', label: 'also set', size: 2 },
  ])
  await insertRows(db, 'items' as never, [{ id: 'c', label: sql`upper('sql')` }] as never)
  await insert(Array.from({ length: 20 }, (_, n) => ({ id: `z${n}`, label: null })))
  const rows = await items()
  expect(rows.slice(0, 3)).toEqual([
    { id: 'a', label: 'set', size: null, data: null },
    { id: 'b', label: 'also set', size: 2, data: null },
    { id: 'c', label: 'SQL', size: null, data: null },
  ])
  expect(rows).toHaveLength(23)
})

it('updates the row of each call with its own values, whatever columns were compiled before', async () => {
  await sql`delete from items`.execute(db)
  await insert([{ id: 'a', label: 'one', size: 1 }])
  await insert([{ id: 'b', label: 'two', size: 2 }])
  const update = (id: string, values: Partial<Item> | object) =>
    updateRow(db, 'items' as never, id, values as never)
  await update('a', { label: 'first' })
  await update('b', { label: 'second' })
  await update('a', { size: 10, label: undefined })
  await update('b', { label: null, size: 20 })
  await update('a', { data: new Uint8Array([7]) })
  await update('b', { label: sql`upper('sql')` })
  expect(await items()).toEqual([
    { id: 'a', label: 'first', size: 10, data: Buffer.from([7]) },
    { id: 'b', label: 'SQL', size: 20, data: null },
  ])
})
