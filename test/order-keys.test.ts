// The keys people and deals are ordered by (db/text-fold.ts orderKey): a database an earlier version made
// gets them for every record it holds, on each engine, folded as new records' keys are. SQLite's
// files of every version are also upgraded by test/upgrade.test.ts; PostgreSQL's half runs with
// OUTPOST_TEST_DATABASE=postgres.
import { Migrator, sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { engineOf, migrateToLatest } from '../src/server/db/connection'
import { orderKey } from '../src/server/db/text-fold'
import { migrationProvider } from '../src/server/db/migrations'
import { postgresMigrationProvider } from '../src/server/db/migrations-postgres'
import { emptyDatabase, onPostgres } from './support/postgres'

const before = '2026-11-28T0400-record-history'
const beforeOnPostgres = '2026-11-28T1900-fold-every-script'
const at = '2026-11-29T10:00:00.000Z'
const names = ['Zoë', 'Érica Souza', 'bruno', 'Ålborg Øst', 'ŁUKASZ', 'Иван']

const engines = onPostgres() ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
})

describe.each(engines)('the order keys of records made before them, on %s', (engine) => {
  it('are written by the upgrade, folded as a new record’s are', async () => {
    const db = await emptyDatabase(engine, cleanups)
    const postgres = engineOf(db) === 'postgres'
    const migrator = new Migrator({
      db,
      provider: postgres ? postgresMigrationProvider : migrationProvider,
    })
    const { error } = await migrator.migrateTo(postgres ? beforeOnPostgres : before)
    expect(error).toBeUndefined()
    await sql`insert into workspaces (id, name, rate_limit_per_minute, created_at, updated_at)
      values ('w', 'W', 300, ${at}, ${at})`.execute(db)
    await sql`insert into pipelines (id, tenant_id, name, position, created_at, updated_at)
      values ('pl', 'w', 'Sales', 0, ${at}, ${at})`.execute(db)
    await sql`insert into stages (id, tenant_id, pipeline_id, name, type, position, created_at,
      updated_at) values ('st', 'w', 'pl', 'New', 'open', 0, ${at}, ${at})`.execute(db)
    for (const [n, name] of names.entries()) {
      await sql`insert into people (id, tenant_id, full_name, custom_fields, created_at, updated_at)
        values (${`p${n}`}, 'w', ${name}, '{}', ${at}, ${at})`.execute(db)
      await sql`insert into deals (id, tenant_id, title, value, currency, pipeline_id, stage_id,
        custom_fields, created_at, updated_at)
        values (${`d${n}`}, 'w', ${name}, 1, 'EUR', 'pl', 'st', '{}', ${at}, ${at})`.execute(db)
    }
    await migrateToLatest(db)
    const people = await db.selectFrom('people').select(['fullName', 'nameKey']).execute()
    const deals = await db.selectFrom('deals').select(['title', 'titleKey']).execute()
    expect(people.map((row) => [row.fullName, row.nameKey]).sort()).toEqual(
      names.map((name) => [name, orderKey(name)]).sort(),
    )
    expect(deals.map((row) => [row.title, row.titleKey]).sort()).toEqual(
      names.map((name) => [name, orderKey(name)]).sort(),
    )
    expect(orderKey('Érica Souza')).toBe('erica souza')
    if (engine === 'sqlite') await db.destroy()
  })
})
