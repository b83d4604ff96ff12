// Transactions that end in the same turn share one commit, yet each stands or falls alone and is
// answered only once it is on disk; nothing outside a transaction reads what is not committed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { compiledOnce } from './compiled-once'
import { openDatabase, type Db } from './connection'

const dir = mkdtempSync(join(tmpdir(), 'outpost-group-commit-'))
const file = join(dir, 'test.sqlite')
const db = openDatabase(file)
// Another connection to the file: it sees only what is committed.
let other: BetterSqlite3.Database
beforeAll(async () => {
  await sql`create table items (name text primary key)`.execute(db)
  other = new BetterSqlite3(file)
})
afterAll(async () => {
  other.close()
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

const insert = (name: string) =>
  db.transaction().execute(async (trx) => {
    await sql`insert into items values (${name})`.execute(trx)
  })
const committed = () =>
  (other.prepare('select name from items order by name').all() as { name: string }[]).map(
    (row) => row.name,
  )
// The write-ahead log's length in frames (pages written): each commit writes the pages it changed.
const walFrames = () => (other.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log

it('gives transactions that end together one commit, each answered once it is committed', async () => {
  await sql`delete from items`.execute(db)
  other.pragma('wal_checkpoint(TRUNCATE)')
  const before = walFrames()
  const names = Array.from({ length: 20 }, (_, n) => `item ${String(n).padStart(2, '0')}`)
  const seen: string[][] = []
  await Promise.all(
    names.map(async (name) => {
      await insert(name)
      // Answered: already visible to another connection, so committed.
      seen.push(committed().filter((row) => row === name))
    }),
  )
  expect(seen).toEqual(names.map((name) => [name]))
  expect(committed()).toEqual(names)
  // Twenty commits of one page each would write twenty frames or more; together, a few.
  expect(walFrames() - before).toBeLessThan(5)
})

it('rolls back a failing transaction alone; the others of its group commit', async () => {
  await sql`delete from items`.execute(db)
  const results = await Promise.allSettled([
    insert('first'),
    insert('first'), // the primary key refuses it
    insert('third'),
  ])
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/)
  expect(committed()).toEqual(['first', 'third'])
})

it('commits an open group before a query outside a transaction reads', async () => {
  await sql`delete from items`.execute(db)
  const writing = insert('written')
  // Queued behind the transaction: it runs after the transaction ends, before the group's commit
  // would otherwise come (the next turn of the event loop).
  const read = await sql<{ name: string }>`select name from items`.execute(db)
  expect(read.rows).toEqual([{ name: 'written' }])
  expect(committed()).toEqual(['written'])
  await writing
})

it('lets a credential lookup before a write read the open group without committing it', async () => {
  await sql`delete from items`.execute(db)
  const lookup = compiledOnce(
    (db: Db, name: string) =>
      db
        .selectFrom('items' as 'people')
        .select(sql<string>`name`.as('name'))
        .where(sql.ref('name'), '=', name),
    { readsAhead: true },
  )
  const writing = insert('token')
  expect(await lookup(db, 'token')).toEqual([{ name: 'token' }])
  expect(committed()).toEqual([])
  await writing
  expect(committed()).toEqual(['token'])
})

it('keeps the connection for a scope that runs a transaction and goes on', async () => {
  await sql`delete from items`.execute(db)
  let other: Promise<void> | undefined
  const seen = await db.connection().execute(async (connection) => {
    await connection.transaction().execute(async (trx) => {
      await sql`insert into items values ('in the scope')`.execute(trx)
    })
    other = insert('elsewhere')
    await new Promise((resolve) => setTimeout(resolve, 20))
    return (await sql<{ name: string }>`select name from items`.execute(connection)).rows
  })
  // The other write waited for the scope to end: the scope saw only its own.
  expect(seen).toEqual([{ name: 'in the scope' }])
  await other
  expect(committed()).toEqual(['elsewhere', 'in the scope'])
})
