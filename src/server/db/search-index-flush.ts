import type BetterSqlite3 from 'better-sqlite3'

// The people search indexes (FTS5) are brought up to date at each commit from the changes the
// triggers noted in people_search_pending (migration 2026-11-27T0900-people-search-deferred): one
// segment per index per commit, where a write of its own cost a segment per index per write. What
// a transaction writes is searchable once it commits, which is when anyone can see it anyway.

const indexes = ['people_search', 'people_prefix'] as const

interface Flush {
  any: BetterSqlite3.Statement
  run(): void
  inTransaction: BetterSqlite3.Transaction<() => void>
}

const flushes = new WeakMap<BetterSqlite3.Database, Flush>()

function flushOf(sqlite: BetterSqlite3.Database): Flush | null {
  const known = flushes.get(sqlite)
  if (known) return known
  // Before the migration has run (a new or older file being migrated) there is nothing to move.
  const exists = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'people_search_pending'")
    .get()
  if (!exists) return null
  const steps = [
    // A null first column is an insert, 'delete' takes the values out; in the order noted.
    ...indexes.map((index) =>
      sqlite.prepare(`insert into ${index} (${index}, rowid, full_name, primary_email)
        select case removed when 1 then 'delete' end, person_rowid, full_name, primary_email
        from people_search_pending order by seq`),
    ),
    sqlite.prepare('delete from people_search_pending'),
  ]
  const run = () => {
    for (const step of steps) step.run()
  }
  const flush: Flush = {
    any: sqlite.prepare('select exists (select 1 from people_search_pending)').pluck(),
    run,
    inTransaction: sqlite.transaction(run),
  }
  flushes.set(sqlite, flush)
  return flush
}

/**
 * Moves the noted changes of people into the search indexes: in the open transaction, or (after a
 * write that committed by itself) in one of its own. A change noted and not moved (a crash between
 * the two, a write by another program) is moved by the next commit.
 */
export function flushSearchIndexes(sqlite: BetterSqlite3.Database): void {
  const flush = flushOf(sqlite)
  if (!flush?.any.get()) return
  if (sqlite.inTransaction) flush.run()
  else flush.inTransaction.immediate()
}
