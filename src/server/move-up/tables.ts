import type BetterSqlite3 from 'better-sqlite3'

/** A table that moves to the team server, with the columns copied and the key it is walked by. */
export interface MovingTable {
  name: string
  columns: string[]
  /** The primary key's columns, in order: the copy walks the table by it and resumes after it. */
  key: string[]
}

// What stays on the laptop, and why. Every other table moves, so a table added later moves too
// unless it is named here (test/move-up.test.ts fails on a table it does not know either way).
export const stayingTables: Record<string, string> = {
  kysely_migration: 'each database runs its own migrations',
  kysely_migration_lock: 'each database runs its own migrations',
  sqlite_sequence: "SQLite's own bookkeeping",
  record_counts: "derived: the team server's triggers count the rows as they arrive",
  inbound_log_totals: "derived: the team server's triggers count the deliveries as they arrive",
  database_identity:
    'each database has its own identity: feed cursors of the laptop answer 409 there, with how to resynchronise',
  sessions: "sign-ins to the laptop's server: on the team server people sign in anew",
  login_links: "sign-ins to the laptop's server: on the team server people sign in anew",
  tunnel_settings: "the laptop's own tunnel",
  sync_links: "a replica's links to its team server: the team server is no replica",
  people_search_pending:
    "changes of people waiting for the laptop's search indexes, empty after every commit",
  sync_outbox:
    "a replica's changes waiting for its team server: `outpost sync once` pushes them before a move",
}

interface ColumnInfo {
  name: string
  pk: number
}

/** The shadow tables SQLite keeps for a full-text (FTS5) table: its index, not data of ours. */
function shadowTablesOf(virtualTables: string[]): Set<string> {
  const suffixes = ['data', 'idx', 'docsize', 'config', 'content']
  return new Set(virtualTables.flatMap((name) => suffixes.map((suffix) => `${name}_${suffix}`)))
}

/**
 * The tables of the laptop's database that move, parents before the tables that point at them,
 * so every foreign key finds its row already there.
 */
export function movingTables(source: BetterSqlite3.Database): MovingTable[] {
  const all = source
    .prepare(`select name, sql from sqlite_master where type = 'table' order by name`)
    .all() as { name: string; sql: string }[]
  const virtual = all.filter((t) => /^create virtual table/i.test(t.sql)).map((t) => t.name)
  const shadows = shadowTablesOf(virtual)
  const names = all
    .map((t) => t.name)
    .filter((name) => !virtual.includes(name) && !shadows.has(name) && !(name in stayingTables))
  const parents = new Map(
    names.map((name) => [
      name,
      (source.pragma(`foreign_key_list("${name}")`) as { table: string }[])
        .map((fk) => fk.table)
        .filter((parent) => parent !== name && names.includes(parent)),
    ]),
  )
  const ordered: string[] = []
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name)) return
    if (path.includes(name))
      throw new Error(`foreign keys form a circle: ${[...path, name].join(' -> ')}`)
    for (const parent of parents.get(name) ?? []) visit(parent, [...path, name])
    ordered.push(name)
  }
  for (const name of names) visit(name, [])
  return ordered.map((name) => {
    const columns = source.pragma(`table_info("${name}")`) as ColumnInfo[]
    const key = columns
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name)
    if (key.length === 0) throw new Error(`table ${name} has no primary key to walk it by`)
    return { name, columns: columns.map((column) => column.name), key }
  })
}
