import BetterSqlite3 from 'better-sqlite3'
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  Migrator,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
} from 'kysely'
import type { Database } from './database'
import { migrationProvider } from './migrations'

export type Db = Kysely<Database>

// Every transaction here writes, so it takes the write lock up front (BEGIN IMMEDIATE). A deferred
// transaction that reads and then writes fails at once with SQLITE_BUSY when another process (the CLI
// beside a running server) wrote in between; an immediate one waits for busy_timeout instead.
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

// Kysely's SQLite driver prepares every statement anew on each query. The app has a few hundred
// distinct statements at most, so keeping them saves SQLite's parse and plan on nearly every query
// (see bench/: it shows most in writes and imports, which run many small statements).
const statementCacheSize = 500

function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql)
      if (!statement) {
        statement = sqlite.prepare(sql)
        if (statements.size >= statementCacheSize)
          statements.delete(statements.keys().next().value!)
        statements.set(sql, statement)
      }
      return statement
    },
  }
}

class OutpostSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase

  constructor(database: SqliteDatabase) {
    super({ database })
    this.#database = database
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database })
  }
}

/** Opens (creating if needed) the SQLite file with Outpost's pragmas. Use ':memory:' in unit tests. */
export function openDatabase(file: string): Db {
  const sqlite = new BetterSqlite3(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // FULL: a commit returns only once the write-ahead log is on disk, so a 2xx survives a power cut
  // (NORMAL may lose the last commits, and with them events a client holds a cursor past). Its
  // cost is measured by the benchmark (W15).
  sqlite.pragma('synchronous = FULL')
  return new Kysely<Database>({
    dialect: new OutpostSqliteDialect(withStatementCache(sqlite)),
    plugins: [new CamelCasePlugin()],
  })
}

/** Whether the file was made by an earlier version: some migrations ran, and some are to run. */
export async function madeByEarlierVersion(db: Db): Promise<boolean> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const ran = (await migrator.getMigrations()).map(
    (migration) => migration.executedAt !== undefined,
  )
  return ran.includes(true) && ran.includes(false)
}

/** Applies every pending migration; throws when one fails, leaving the database as it was. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    })
  }
}

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` already is one. Services use
 * it for every write, so one service can call another and both land in one commit.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}
