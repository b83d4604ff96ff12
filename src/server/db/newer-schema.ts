import { migrationNames } from './migrations'
import { postgresMigrationNames } from './migrations-postgres'

/**
 * Of the migrations a database has run, those this version of Outpost does not have: the
 * database was made, or upgraded, by a newer version. Kysely's migrator would stop at the first
 * as "corrupted migrations"; the user is told which version they need instead.
 */
export function migrationsFromNewerVersion(
  ran: readonly string[],
  engine: 'sqlite' | 'postgres',
): string[] {
  const known = engine === 'sqlite' ? migrationNames : postgresMigrationNames
  return ran.filter((name) => !known.has(name)).sort()
}

/** What to tell of a database or a backup (`what`: "The database was upgraded") with such migrations. */
export function newerVersionMessage(what: string, newer: readonly string[]): string {
  return (
    `${what} by a newer version of Outpost (its schema has ${newer.at(-1)}, which ` +
    'this version does not know)'
  )
}
