import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type Db } from '../src/server/db/connection'
import { freshTestDatabase, onPostgres } from './support/postgres'

// SQLite's and PostgreSQL's migrations are two lists (db/migrations, db/migrations-postgres): a
// table or column added to one and forgotten in the other fails here. Runs with
// OUTPOST_TEST_DATABASE=postgres (npm run test:postgres).

// SQLite's own: its sequence table and the FTS5 indexes of people's search (a trigram index on
// PostgreSQL, no table), with their shadow tables and the changes waiting for them
// (people_search_pending).
const sqliteOnly = /^(sqlite_|people_search|people_prefix|kysely_)/

async function sqliteColumns(): Promise<string[]> {
  const db = openDatabase(':memory:')
  try {
    await migrateToLatest(db)
    const { rows } = await sql<{ name: string; column: string }>`
      select m.name as name, c.name as column
      from sqlite_master m, pragma_table_info(m.name) c
      where m.type = 'table'`.execute(db)
    return rows
      .filter((row) => !sqliteOnly.test(row.name))
      .map((row) => `${row.name}.${row.column}`)
      .sort()
  } finally {
    await db.destroy()
  }
}

// PostgreSQL's own: the rate limits' windows, which a server on SQLite (one process) keeps in
// memory (http/rate-limit.ts).
const postgresOnly = /^(kysely_|rate_limit_windows$)/

async function postgresColumns(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string; column: string }>`
    select table_name as name, column_name as column from information_schema.columns
    where table_schema = current_schema()`.execute(db)
  return rows
    .filter((row) => !postgresOnly.test(row.name))
    .map((row) => `${row.name}.${row.column}`)
    .sort()
}

describe.skipIf(!onPostgres())('the schemas of the two engines', () => {
  let database: Awaited<ReturnType<typeof freshTestDatabase>>
  let db: Db
  beforeAll(async () => {
    database = await freshTestDatabase()
    db = openDatabase(database.url)
    await migrateToLatest(db)
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.drop()
  })

  it('have the same tables and columns once both are migrated', async () => {
    const [sqlite, postgres] = [await sqliteColumns(), await postgresColumns(db)]
    expect(sqlite.length).toBeGreaterThan(100)
    expect({ onlyInSqlite: sqlite.filter((column) => !postgres.includes(column)) }).toEqual({
      onlyInSqlite: [],
    })
    expect({ onlyInPostgres: postgres.filter((column) => !sqlite.includes(column)) }).toEqual({
      onlyInPostgres: [],
    })
  })
})
