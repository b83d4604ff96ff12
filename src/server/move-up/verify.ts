import type BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import type { Db } from '../db/connection'
import type { MovingTable } from './tables'
import type { AnyDb } from './progress'
import { addDigest, rowDigest } from './row-digest'

/** A table's row count and checksum on one side of a move. */
export interface TableSum {
  rows: number
  checksum: bigint
}

export interface TableCheck {
  table: string
  laptop: TableSum
  server: TableSum
  same: boolean
}

const readRows = 5000

function sumOfLaptop(source: BetterSqlite3.Database, table: MovingTable): TableSum {
  const columns = table.columns.map((name) => `"${name}"`).join(', ')
  let sum: TableSum = { rows: 0, checksum: 0n }
  // iterate() reads row by row: a million rows never sit in memory at once.
  for (const row of source
    .prepare(`select ${columns} from "${table.name}"`)
    .raw()
    .iterate() as Iterable<unknown[]>) {
    sum = { rows: sum.rows + 1, checksum: addDigest(sum.checksum, rowDigest(row)) }
  }
  return sum
}

async function sumOfServer(target: Db, table: MovingTable): Promise<TableSum> {
  const raw = target.withoutPlugins() as AnyDb
  const keyList = sql.join(table.key.map((name) => sql.ref(name)))
  const columns = sql.join(table.columns.map((name) => sql.ref(name)))
  let sum: TableSum = { rows: 0, checksum: 0n }
  let after: unknown[] | null = null
  for (;;) {
    const where: ReturnType<typeof sql> = after
      ? sql`where (${keyList}) > (${sql.join(after)})`
      : sql``
    const { rows } = await sql<Record<string, unknown>>`select ${columns}
      from ${sql.table(table.name)} ${where} order by ${keyList} limit ${readRows}`.execute(raw)
    for (const row of rows) {
      const values = table.columns.map((name) => row[name])
      sum = { rows: sum.rows + 1, checksum: addDigest(sum.checksum, rowDigest(values)) }
    }
    if (rows.length < readRows) return sum
    const last = rows.at(-1)!
    after = table.key.map((name) => last[name])
  }
}

/** Counts and checksums each moved table on both sides. */
export async function verifyTables(
  source: BetterSqlite3.Database,
  target: Db,
  tables: readonly MovingTable[],
): Promise<TableCheck[]> {
  const checks: TableCheck[] = []
  for (const table of tables) {
    const laptop = sumOfLaptop(source, table)
    const server = await sumOfServer(target, table)
    const same = laptop.rows === server.rows && laptop.checksum === server.checksum
    checks.push({ table: table.name, laptop, server, same })
  }
  return checks
}
