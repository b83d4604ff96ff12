import BetterSqlite3 from 'better-sqlite3'
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  sql,
  type TransactionSettings,
} from 'kysely'
import type pg from 'pg'
import type { Database } from './database'
import { isPostgresUrl } from './database-url'
import { registerFold } from './fold'
import { GroupCommitDriver, type GroupCommitHooks } from './group-commit'
import { rootOf } from './handle-marks'
import { migrationProvider } from './migrations'
import { migrationsFromNewerVersion, newerVersionMessage } from './newer-schema'
import { postgresMigrationProvider } from './migrations-postgres'
import { flushSearchIndexes } from './search-index-flush'

export type Db = Kysely<Database>

/** The two engines Outpost runs on: a SQLite file (the default) or a PostgreSQL database. */
export type Engine = 'sqlite' | 'postgres'

/**
 * Which engine `db` (or a transaction of it) runs on. For repositories and db/ code only: where an
 * engine needs its own SQL, the repository that owns the query picks its variant by this; services
 * never ask.
 */
export function engineOf(db: Db): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

// Kysely's SQLite driver prepares every statement anew on each query. The app has a few hundred
// distinct statements at most, so keeping them saves SQLite's parse and plan on nearly every query
// (see bench/: it shows most in writes and imports, which run many small statements).
const statementCacheSize = 500

/**
 * Kysely prepares a statement right before it runs it, so a statement that may write (SQLite's
 * own test: an insert with returning counts, a select or a BEGIN does not) counts here as a
 * change before it can take effect: `onWrite` is called, then it runs.
 */
function withStatementCache(
  sqlite: BetterSqlite3.Database,
  onWrite: (sql: string) => void,
): SqliteDatabase {
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
      if (!statement.readonly) onWrite(sql)
      return statement
    },
  }
}

const changeStamps = new WeakMap<Db, ReturnType<typeof stampChanges>>()

/**
 * A number that changes whenever the database may have changed: before each write of this
 * process's connection, and after a commit by any other connection to the file (SQLite's
 * data_version, for the CLI writing beside a running server). A value computed from the database
 * stays true while the stamp read before computing it is unchanged (db/read-ahead.ts).
 *
 * Null on PostgreSQL: other processes write there, and nothing tells this one cheaply.
 */
export function changeStamp(db: Db): number | null {
  return changeStamps.get(rootOf(db))?.read() ?? null
}

/**
 * As changeStamp, for what says who may do what: a token, its workspace's rate limit, an
 * account's role in a workspace, an inbound webhook and its settings. It changes before each
 * write of this process's connection that names one of their tables (deleting a workspace or an
 * account cascades into the others, so those are named too), before each rollback
 * (group-commit.ts), which may take back any write, and after a commit by any other connection.
 * Writes to people or deals leave it, as does what a delivery writes beside its webhook (the log,
 * its totals, a round-robin turn: tables of their own), so what is kept of a token or a webhook
 * lasts through a load of writes (auth/token-cache.ts).
 */
export function accessStamp(db: Db): number | null {
  return changeStamps.get(rootOf(db))?.readAccess() ?? null
}

const accessWrite = /\b(api_tokens|memberships|workspaces|accounts|inbound_webhooks)\b/

function stampChanges(sqlite: BetterSqlite3.Database) {
  const dataVersion = sqlite.prepare('pragma data_version').pluck()
  let seen = dataVersion.get() as number
  let stamp = 0
  let access = 0
  const seeOthers = () => {
    const version = dataVersion.get() as number
    if (version !== seen) {
      seen = version
      stamp++
      access++
    }
  }
  return {
    onWrite(sql: string) {
      stamp++
      if (accessWrite.test(sql)) access++
    },
    onRollback() {
      stamp++
      access++
    },
    read() {
      seeOthers()
      return stamp
    },
    readAccess() {
      seeOthers()
      return access
    },
  }
}

class OutpostSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase
  readonly #sqlite: BetterSqlite3.Database
  readonly #hooks: GroupCommitHooks
  constructor(database: SqliteDatabase, sqlite: BetterSqlite3.Database, hooks: GroupCommitHooks) {
    super({ database })
    this.#database = database
    this.#sqlite = sqlite
    this.#hooks = hooks
  }
  override createDriver(): Driver {
    return new GroupCommitDriver(this.#database, this.#sqlite, this.#hooks)
  }
}

// Every transaction on PostgreSQL takes this one advisory lock first, as every SQLite transaction
// takes the write lock (BEGIN IMMEDIATE): writers run one at a time, across every process on the
// database, so a check-then-write stays race-free and events' seq order is their commit order (a
// feed reader past seq n never misses a later commit with a smaller seq). See docs/team-server.md.
export const writerLockKey = 7_001_016

// PostgreSQL's text cannot hold the character U+0000, which SQLite's can: a parameter with one
// would fail the query (a 500). It is stored, and looked for, as U+FFFD instead: a lookup by such a
// value finds nothing, as on SQLite, and a record keeps its other characters (docs/team-server.md).
const withoutNul = (value: unknown) =>
  typeof value === 'string' && value.includes('\u0000')
    ? value.replaceAll('\u0000', '\uFFFD')
    : value

const nulSafe = new WeakSet<DatabaseConnection>()

function makeNulSafe(connection: DatabaseConnection): DatabaseConnection {
  if (nulSafe.has(connection)) return connection
  const execute = connection.executeQuery.bind(connection)
  const stream = connection.streamQuery.bind(connection)
  const clean = <R>(query: CompiledQuery<R>): CompiledQuery<R> =>
    query.parameters.some((value) => typeof value === 'string' && value.includes('\u0000'))
      ? { ...query, parameters: query.parameters.map(withoutNul) }
      : query
  connection.executeQuery = (query) => execute(clean(query))
  connection.streamQuery = (query, chunkSize) => stream(clean(query), chunkSize)
  nulSafe.add(connection)
  return connection
}

class SerialPostgresDriver extends PostgresDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    return makeNulSafe(await super.acquireConnection())
  }

  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    await super.beginTransaction(connection, settings)
    // A read-only snapshot (inReadSnapshot) writes nothing, so it need not wait its turn.
    if (settings.accessMode === 'read only') return
    await connection.executeQuery(
      CompiledQuery.raw(`select pg_advisory_xact_lock(${writerLockKey})`),
    )
  }
}

class OutpostPostgresDialect extends PostgresDialect {
  readonly #pool: () => Promise<pg.Pool>

  constructor(pool: () => Promise<pg.Pool>) {
    super({ pool })
    this.#pool = pool
  }

  override createDriver(): Driver {
    return new SerialPostgresDriver({ pool: this.#pool })
  }
}

// pg is loaded only when a PostgreSQL database is opened: a server on a SQLite file, and every
// command of the CLI, start without it (bench/ W9).
async function createPool(url: string): Promise<pg.Pool> {
  const { default: pg } = await import('pg')
  // pg answers int8 (count(*), sum(), bigint seq) and numeric as strings so as to lose no digits;
  // SQLite answers numbers, and every count, seq and sum the app reads fits a double.
  const numberTypes = new Set<number>([pg.types.builtins.INT8, pg.types.builtins.NUMERIC])
  const pool = new pg.Pool({
    connectionString: url,
    // Requests, and the delivery worker, whose claim on a subscription keeps a connection for the
    // attempt (up to 8 at once: webhooks-out/worker.ts).
    max: 20,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        numberTypes.has(oid) && format !== 'binary'
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  // An idle client's error (the server restarted) must not end the process; the next query
  // reconnects or fails with its own error.
  pool.on('error', () => {})
  return pool
}

function openPostgres(url: string): Db {
  return new Kysely<Database>({
    dialect: new OutpostPostgresDialect(() => createPool(url)),
    plugins: [new CamelCasePlugin()],
  })
}

/**
 * Opens the database `target` names: a PostgreSQL URL (postgres://...) opens a pool on it; anything
 * else is a SQLite file, opened (created if needed) with Outpost's pragmas. Use ':memory:' in unit
 * tests.
 */
export function openDatabase(target: string): Db {
  if (isPostgresUrl(target)) return openPostgres(target)
  const file = target
  const sqlite = new BetterSqlite3(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // FULL: a commit returns only once the write-ahead log is on disk, so a 2xx survives a power cut
  // (NORMAL may lose the last commits, and with them events a client holds a cursor past). Its
  // cost is measured by the benchmark (W15).
  sqlite.pragma('synchronous = FULL')
  // A page cache of 4 MiB, not better-sqlite3's 16: the operating system caches the file anyway,
  // and the larger cache only added to the resident memory (12 MiB serving a million people,
  // bench/ W10) for no throughput measured (W1, W4, W5, one- and two-letter searches).
  sqlite.pragma('cache_size = -4096')
  // Each write is a savepoint in its group's transaction (group-commit.ts), and SQLite keeps the
  // pages a savepoint changes in a sub-journal. On a temporary file, past 64 KiB, that doubled the
  // cost of a POST's inserts (bench/ W5, W7); in memory it costs nothing measurable. A write's
  // sub-journal is the size of the pages it changes; migrations, which may change most of the
  // file, run with it on disk (migrateToLatest).
  sqlite.pragma('temp_store = memory')
  registerFold(sqlite)
  const changes = stampChanges(sqlite)
  const db = new Kysely<Database>({
    dialect: new OutpostSqliteDialect(withStatementCache(sqlite, changes.onWrite), sqlite, {
      onRollback: changes.onRollback,
      flushDeferred: () => flushSearchIndexes(sqlite),
    }),
    plugins: [new CamelCasePlugin()],
  })
  changeStamps.set(db, changes)
  return db
}

// Each engine has its own list of migrations (db/migrations and db/migrations-postgres).
const migratorOf = (db: Db) =>
  new Migrator({
    db,
    provider: engineOf(db) === 'postgres' ? postgresMigrationProvider : migrationProvider,
  })

/** Whether the file was made by an earlier version: some migrations ran, and some are to run. */
export async function madeByEarlierVersion(db: Db): Promise<boolean> {
  const migrator = migratorOf(db)
  const ran = (await migrator.getMigrations()).map(
    (migration) => migration.executedAt !== undefined,
  )
  return ran.includes(true) && ran.includes(false)
}

/** The names of the migrations the database has run: none when it is new. */
async function migrationsRun(db: Db): Promise<string[]> {
  const table =
    engineOf(db) === 'sqlite'
      ? sql`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`
      : sql`select 1 from information_schema.tables
          where table_schema = current_schema() and table_name = 'kysely_migration'`
  if ((await table.execute(db)).rows.length === 0) return []
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
  return rows.map((row) => row.name)
}

/**
 * Applies every pending migration; throws when one fails, leaving the database as it was, or
 * when a newer version of Outpost has upgraded the database (then nothing is run).
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const newer = migrationsFromNewerVersion(await migrationsRun(db), engineOf(db))
  if (newer.length > 0) {
    const undo =
      engineOf(db) === 'sqlite'
        ? 'restore a backup made before it: outpost backups list, then outpost backups restore NAME'
        : 'restore the dump taken before the upgrade'
    throw new Error(
      `${newerVersionMessage('The database was upgraded', newer)}: run that version or a newer one, or, to ` +
        `go back to this one, ${undo}`,
    )
  }
  const migrator = migratorOf(db)
  const { error, results } = await withTempFilesOnDisk(db, () => migrator.migrateToLatest())
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    })
  }
}

/**
 * Runs `work`, a write that may change much of the file (a migration rebuilding an index, a whole
 * workspace removed), with SQLite's sub-journals in temporary files instead of memory (see
 * openDatabase): removing a workspace of 100,000 people took 164 MB more in memory. Writes that
 * share its group commit do the same, which costs them only time.
 */
export async function withTempFilesOnDisk<T>(db: Db, work: () => Promise<T>): Promise<T> {
  // (Inside a transaction the setting cannot change: the work joins the caller's as it is.)
  if (engineOf(db) === 'postgres' || db.isTransaction) return work()
  await sql`pragma temp_store = file`.execute(db)
  try {
    return await work()
  } finally {
    await sql`pragma temp_store = memory`.execute(db)
  }
}

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` already is one. Services use
 * it for every write, so one service can call another and both land in one commit.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}

/**
 * Runs reads that must agree with each other (a list's total and its page) on one snapshot of the
 * database. On PostgreSQL, whose reads run beside other connections' commits, a read-only
 * REPEATABLE READ transaction (no writer's turn taken); on SQLite, whose one connection runs a
 * query at a time, as they are. Joins the caller's transaction when there is one.
 */
export async function inReadSnapshot<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction || engineOf(db) === 'sqlite') return work(db)
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(work)
}
