// `outpost migrate`: a laptop's data folder copied to a team server's database, table by table in
// batches, each batch committed with the progress past it (progress.ts), so an interrupted move
// resumes where it stopped; then every table is counted and checksummed on both sides.

import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import { copyDatabase } from '../backups/copy-database'
import { engineOf, type Db } from '../db/connection'
import { databaseFileName } from '../data-dir'
import { StartupError } from '../startup-error'
import { copyTable } from './copy-table'
import { ensureProgressTable, readProgress, startProgress, type AnyDb } from './progress'
import { movingTables } from './tables'
import { verifyTables, type TableCheck } from './verify'

/** The consistent copy of the laptop's database a move reads, kept until the move is verified. */
export const snapshotFileName = 'move-up-snapshot.sqlite'

export interface MoveUpResult {
  /** True when this run went on with a move an earlier run began. */
  resumed: boolean
  checks: TableCheck[]
}

export interface MoveUpReport {
  /** A table's rows copied so far, after each batch. */
  copied(table: string, rows: number): void
}

function sourceIdOf(snapshot: BetterSqlite3.Database): string {
  const row = snapshot.prepare('select id from database_identity').get() as
    { id: string } | undefined
  if (!row)
    throw new StartupError(
      'the data folder has no database identity; start Outpost on it once first',
    )
  return row.id
}

async function holdsWorkspaces(target: AnyDb): Promise<boolean> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from workspaces`.execute(
    target,
  )
  return Number(rows[0]?.n ?? 0) > 0
}

/**
 * On PostgreSQL, every identity column's sequence (the events', the inbound log's, the webhook
 * attempts') moves past the numbers copied in with the rows: left at 1, the team server's first
 * delivery or attempt took a number already there and failed.
 */
async function advanceSequences(target: Db): Promise<void> {
  if (engineOf(target) !== 'postgres') return
  const raw = target.withoutPlugins()
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES'`.execute(raw)
  for (const { table_name: table, column_name: column } of rows) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
      raw,
    )
  }
}

/**
 * Gives PostgreSQL's planner the copied tables' statistics at once: autovacuum gathers them a
 * minute or more later, and lists planned without them took twice as long meanwhile (page 1 of
 * 100 at 100,000 people: 9.4 ms, 5.0 after ANALYZE; page 500: 22 ms, 11).
 */
async function gatherStatistics(target: Db): Promise<void> {
  if (engineOf(target) !== 'postgres') return
  await sql`analyze`.execute(target)
}

/**
 * Copies the data folder's database into `target` (migrated, and empty unless it holds a move
 * of this same folder that was cut off), then verifies every table.
 */
export async function moveUp(
  dataDir: string,
  target: Db,
  report: MoveUpReport,
): Promise<MoveUpResult> {
  const raw = target.withoutPlugins() as AnyDb
  const snapshotFile = join(dataDir, snapshotFileName)
  await ensureProgressTable(raw)
  const earlier = await readProgress(raw)
  const resumed = earlier.length > 0
  if (!resumed) {
    if (await holdsWorkspaces(raw)) {
      throw new StartupError(
        "the team server's database already holds workspaces; outpost migrate copies into an empty one",
      )
    }
    await copyDatabase(join(dataDir, databaseFileName), snapshotFile)
  } else if (!existsSync(snapshotFile)) {
    throw new StartupError(
      `a move from this folder was begun but its snapshot (${snapshotFile}) is gone; ` +
        'empty the team database and run outpost migrate again',
    )
  }
  const snapshot = new BetterSqlite3(snapshotFile, { readonly: true, fileMustExist: true })
  try {
    const sourceId = sourceIdOf(snapshot)
    const tables = movingTables(snapshot)
    if (!resumed)
      await startProgress(
        raw,
        sourceId,
        tables.map((table) => table.name),
      )
    else if (earlier.some((progress) => progress.sourceId !== sourceId)) {
      throw new StartupError('the team database holds a move begun from another data folder')
    }
    const progress = new Map((await readProgress(raw)).map((row) => [row.tableName, row]))
    for (const table of tables) {
      const at = progress.get(table.name)
      if (!at)
        throw new StartupError(
          `table ${table.name} appeared since the move began; run it again on an empty database`,
        )
      if (at.done) continue
      await copyTable(snapshot, target, table, at, (rows) => report.copied(table.name, rows))
    }
    await advanceSequences(target)
    await gatherStatistics(target)
    const checks = await verifyTables(snapshot, target, tables)
    return { resumed, checks }
  } finally {
    snapshot.close()
  }
}

/** Removes the snapshot once the move is verified: the team server holds it all. */
export function removeSnapshot(dataDir: string): void {
  rmSync(join(dataDir, snapshotFileName), { force: true })
}
