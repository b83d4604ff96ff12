import { sql, type Kysely } from 'kysely'

// Where a move stands, kept in the team server's database beside the rows it describes: each
// batch of rows and the progress past it commit together, so a move cut off at any moment
// resumes after its last committed batch, with no row missing and none twice.

/** A move's progress through one table. */
export interface TableProgress {
  tableName: string
  sourceId: string
  /** The key of the last row copied (JSON), null before the first batch. */
  lastKey: string | null
  copied: number
  done: boolean
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables moved are named at run time
export type AnyDb = Kysely<any>

export async function ensureProgressTable(db: AnyDb): Promise<void> {
  await sql`create table if not exists outpost_move_up (
    table_name text primary key,
    source_id text not null,
    last_key text,
    copied integer not null,
    done integer not null
  )`.execute(db)
}

export async function readProgress(db: AnyDb): Promise<TableProgress[]> {
  const { rows } = await sql<{
    table_name: string
    source_id: string
    last_key: string | null
    copied: number | string
    done: number | string | boolean
  }>`select table_name, source_id, last_key, copied, done from outpost_move_up`.execute(db)
  return rows.map((row) => ({
    tableName: row.table_name,
    sourceId: row.source_id,
    lastKey: row.last_key,
    copied: Number(row.copied),
    done: Number(row.done) === 1 || row.done === true,
  }))
}

export async function startProgress(db: AnyDb, sourceId: string, tables: string[]): Promise<void> {
  for (const name of tables) {
    await sql`insert into outpost_move_up (table_name, source_id, last_key, copied, done)
      values (${name}, ${sourceId}, null, 0, 0)`.execute(db)
  }
}

export async function recordBatch(
  db: AnyDb,
  table: string,
  lastKey: string,
  rows: number,
  done: boolean,
): Promise<void> {
  await sql`update outpost_move_up
    set last_key = ${lastKey}, copied = copied + ${rows}, done = ${done ? 1 : 0}
    where table_name = ${table}`.execute(db)
}

export async function markDone(db: AnyDb, table: string): Promise<void> {
  await sql`update outpost_move_up set done = 1 where table_name = ${table}`.execute(db)
}
