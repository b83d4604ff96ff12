import type BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import { inTransaction, type Db } from '../db/connection'
import type { MovingTable } from './tables'
import { markDone, recordBatch, type AnyDb, type TableProgress } from './progress'

/** Rows per batch: one transaction on the team server each, well under both engines' limits. */
export const batchRows = 500

const columnList = (columns: readonly string[]) => sql.join(columns.map((name) => sql.ref(name)))

/** `(k1, k2) > (?, ?)`: the rows after `key` in the table's key order (SQLite, read side). */
function afterKeySql(
  table: MovingTable,
  key: unknown[] | null,
): { where: string; values: unknown[] } {
  if (key === null) return { where: '', values: [] }
  const columns = table.key.map((name) => `"${name}"`).join(', ')
  return { where: `where (${columns}) > (${table.key.map(() => '?').join(', ')})`, values: key }
}

/** One batch of the laptop's rows after `key`, in key order, each as its column values. */
function readBatch(
  source: BetterSqlite3.Database,
  table: MovingTable,
  key: unknown[] | null,
): unknown[][] {
  const after = afterKeySql(table, key)
  const columns = table.columns.map((name) => `"${name}"`).join(', ')
  const order = table.key.map((name) => `"${name}"`).join(', ')
  return source
    .prepare(`select ${columns} from "${table.name}" ${after.where} order by ${order} limit ?`)
    .raw()
    .all(...after.values, batchRows) as unknown[][]
}

/**
 * Copies one table's rows the progress has not yet copied, batch by batch, each batch committed
 * with the progress past it. Answers the rows copied by this call.
 */
export async function copyTable(
  source: BetterSqlite3.Database,
  target: Db,
  table: MovingTable,
  progress: TableProgress,
  onBatch: (copied: number) => void,
): Promise<number> {
  let key = progress.lastKey === null ? null : (JSON.parse(progress.lastKey) as unknown[])
  let copied = 0
  const keyAt = table.key.map((name) => table.columns.indexOf(name))
  for (;;) {
    const rows = readBatch(source, table, key)
    if (rows.length === 0) {
      await markDone(target.withoutPlugins() as AnyDb, table.name)
      return copied
    }
    const last = keyAt.map((index) => rows.at(-1)![index])
    await inTransaction(target, async (trx) => {
      const raw = trx.withoutPlugins() as AnyDb
      await sql`insert into ${sql.table(table.name)} (${columnList(table.columns)})
        values ${sql.join(rows.map((row) => sql`(${sql.join(row)})`))}`.execute(raw)
      await recordBatch(raw, table.name, JSON.stringify(last), rows.length, rows.length < batchRows)
    })
    copied += rows.length
    onBatch(progress.copied + copied)
    if (rows.length < batchRows) return copied
    key = last
  }
}
