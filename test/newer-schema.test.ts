// A database a newer Outpost upgraded, opened by this one (a desktop app rolled back, an older
// team-server process started beside a newer one): it is refused with what to do, and left as it
// is, on each engine. PostgreSQL's half runs with OUTPOST_TEST_DATABASE=postgres. Restoring a
// backup over such a database, and refusing a backup a newer version made, are in
// test/contract/backups.test.ts.
import { Migrator, sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { engineOf, migrateToLatest, type Db } from '../src/server/db/connection'
import { migrationNames, migrationProvider } from '../src/server/db/migrations'
import {
  postgresMigrationNames,
  postgresMigrationProvider,
} from '../src/server/db/migrations-postgres'
import { emptyDatabase, onPostgres } from './support/postgres'

const engines = onPostgres() ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
})

const ran = async (db: Db) =>
  (
    await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
  ).rows.map((row) => row.name)

describe.each(engines)('a database a newer version upgraded, on %s', (engine) => {
  it('is refused with the version it needs, and nothing is run on it', async () => {
    const db = await emptyDatabase(engine, cleanups)
    await migrateToLatest(db)
    // What a newer version leaves: one migration more, and perhaps a table of its own.
    await sql`insert into kysely_migration (name, timestamp)
      values ('2099-01-01T0000-from-the-future', '2099-01-01T00:00:00.000Z')`.execute(db)
    const before = await ran(db)
    await expect(migrateToLatest(db)).rejects.toThrow(
      /^The database was upgraded by a newer version of Outpost \(its schema has 2099-01-01T0000-from-the-future, which this version does not know\): run that version or a newer one/,
    )
    expect(await ran(db)).toEqual(before)
    expect(engineOf(db)).toBe(engine)
  })

  it('is not mistaken for one an earlier version made, which is upgraded', async () => {
    const db = await emptyDatabase(engine, cleanups)
    const names = [...(engine === 'sqlite' ? migrationNames : postgresMigrationNames)]
    const provider = engine === 'sqlite' ? migrationProvider : postgresMigrationProvider
    const { error } = await new Migrator({ db, provider }).migrateTo(names.at(-2)!)
    expect(error).toBeUndefined()
    await migrateToLatest(db)
    expect(await ran(db)).toEqual(names)
  })
})
