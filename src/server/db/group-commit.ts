import type BetterSqlite3 from 'better-sqlite3'
import {
  SelectQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely'

/**
 * Marks a query that may read what an open group has written but not yet committed: the
 * credential lookups that come before a write (an API token, an inbound webhook's URL token), so
 * that the write joins the open group instead of committing it first. Such a request's write then
 * commits with that group or after it; anything else outside a transaction commits the group
 * first, so no answer, feed page or delivery shows what is not on disk.
 */
export const readsAhead = Symbol('readsAhead')
type ReadAhead = CompiledQuery & { [readsAhead]?: true }

/**
 * One use of the connection, from acquire to release: Kysely's transactions and single queries
 * each take one. SQLite has one connection, so one lease runs at a time.
 */
class Lease implements DatabaseConnection {
  inTransaction = false
  /** Settles when the group that holds this lease's transaction has committed (or failed). */
  committed?: Promise<void>
  constructor(readonly driver: GroupCommitDriver) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(this.driver.execute<R>(this, query))
  }
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.driver.iterate<R>(this, query)) yield { rows: [row] }
  }
}

export interface GroupCommitHooks {
  /** Told before any write is taken back: what was read since may no longer be true. */
  onRollback(): void
  /**
   * Brings in the writes left for the commit (the search indexes: search-index-flush.ts): in the
   * group's transaction before its commit (a throw fails the group), and after a write that
   * committed by itself.
   */
  flushDeferred(): void
}

interface Member {
  resolve(): void
  reject(error: unknown): void
}

/**
 * Kysely's SQLite driver, but transactions that end in the same turn of the event loop share one
 * commit (a group commit): the cost of a commit (FTS5's flush, the write-ahead log's frames, and
 * with synchronous = FULL the fsync) is paid once for all of them. Each transaction is a savepoint
 * inside the group's transaction, so one that fails rolls back alone; each is answered only once
 * the group's commit is on disk. A query outside a transaction commits the open group first (but
 * see `readsAhead`). See docs/durability.md.
 */
export class GroupCommitDriver implements Driver {
  readonly #database: SqliteDatabase
  readonly #sqlite: BetterSqlite3.Database
  #locked = false
  readonly #waiting: (() => void)[] = []
  /** The transactions done and waiting for the group's commit; null when none is open. */
  #group: Member[] | null = null
  #flushScheduled = false
  readonly #hooks: GroupCommitHooks

  constructor(database: SqliteDatabase, sqlite: BetterSqlite3.Database, hooks: GroupCommitHooks) {
    this.#database = database
    this.#sqlite = sqlite
    this.#hooks = hooks
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock()
    return new Lease(this)
  }

  // Every transaction here writes, so the group takes the write lock up front (BEGIN IMMEDIATE):
  // a deferred one that read and then wrote would fail at once with SQLITE_BUSY when another
  // process (the CLI beside a running server) wrote in between; an immediate one waits for
  // busy_timeout instead.
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#group) {
      this.#run('begin immediate')
      this.#group = []
    }
    this.#run('savepoint outpost_write')
    ;(connection as Lease).inTransaction = true
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease
    this.#run('release outpost_write')
    lease.inTransaction = false
    const committed = new Promise<void>((resolve, reject) => {
      this.#group!.push({ resolve, reject })
    })
    // Awaited when the lease is released; a second transaction on one lease (db.connection())
    // replaces it, and its failure must not end the process as an unhandled rejection.
    committed.catch(() => {})
    lease.committed = committed
    this.#scheduleFlush()
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    ;(connection as Lease).inTransaction = false
    this.#hooks.onRollback()
    if (!this.#sqlite.inTransaction) {
      // SQLite rolled the whole transaction back itself (a full disk, an I/O error): the group's
      // other transactions went with it, and fail with this one.
      this.#failGroup(new Error('The transaction was rolled back by SQLite'))
      return
    }
    this.#run('rollback to outpost_write')
    this.#run('release outpost_write')
    if (this.#group?.length === 0) {
      this.#run('rollback')
      this.#group = null
    }
  }

  // Kysely waits for this before a transaction's execute() returns: the next transaction may join
  // the group (the connection is free) while this one waits for the group's commit.
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease
    this.#unlock()
    await lease.committed
  }

  async destroy(): Promise<void> {
    await this.#lock()
    this.#commitGroup()
    this.#database.close()
  }

  execute<R>(lease: Lease, query: CompiledQuery): QueryResult<R> {
    if (!lease.inTransaction && !(query as ReadAhead)[readsAhead]) this.#commitGroup()
    const statement = this.#database.prepare(query.sql)
    if (statement.reader) return { rows: statement.all(query.parameters) as R[] }
    const { changes, lastInsertRowid } = statement.run(query.parameters)
    if (!lease.inTransaction) this.#hooks.flushDeferred()
    return {
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    }
  }

  iterate<R>(lease: Lease, query: CompiledQuery): IterableIterator<R> {
    if (!SelectQueryNode.is(query.query)) {
      throw new Error('Sqlite driver only supports streaming of select queries')
    }
    if (!lease.inTransaction) this.#commitGroup()
    return this.#database.prepare(query.sql).iterate(query.parameters) as IterableIterator<R>
  }

  #run(sql: string): void {
    this.#database.prepare(sql).run([])
  }

  // After the I/O callbacks of this turn (the other requests already read) have run.
  #scheduleFlush(): void {
    if (this.#flushScheduled) return
    this.#flushScheduled = true
    setImmediate(() => {
      this.#flushScheduled = false
      void this.#lock().then(() => {
        this.#commitGroup()
        this.#unlock()
      })
    })
  }

  #commitGroup(): void {
    const group = this.#group
    if (!group) return
    try {
      this.#hooks.flushDeferred()
      this.#run('commit')
    } catch (error) {
      this.#failGroup(error)
      return
    }
    this.#group = null
    for (const member of group) member.resolve()
  }

  #failGroup(error: unknown): void {
    const group = this.#group ?? []
    this.#group = null
    this.#hooks.onRollback()
    if (this.#sqlite.inTransaction) this.#run('rollback')
    for (const member of group) member.reject(error)
  }

  async #lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true
      return
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve))
  }

  #unlock(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#locked = false
  }
}
