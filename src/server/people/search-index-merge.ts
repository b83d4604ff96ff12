// The people search indexes (FTS5) grow as segments: every write adds a small one and FTS5's
// automerge only combines them level by level, so a file written a person at a time for years (or
// an import of a million) holds dozens. A query reads every segment; the one- and two-letter
// prefix probe reads them once per person it checks, which made a search of "a" take 100 ms at
// a million people, and 2 ms once merged (bench/ W14). Merging is done a little at a time,
// yielding between steps, so the write lock is never held long.

import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { sql } from 'kysely'
import { engineOf, inTransaction, type Db } from '../db/connection'
import type { Logger } from '../logger'
import { startPeriodic, type PeriodicTask } from '../periodic'

const indexes = ['people_search', 'people_prefix'] as const
// Pages of merge work per step: tens of milliseconds at most.
const pagesPerStep = 64

const totalChanges = async (db: Db) =>
  (await sql<{ changes: number }>`select total_changes() as changes`.execute(db)).rows[0]!.changes

/** One merge step of `index`; true when it found work to do. */
function mergeStep(db: Db, index: (typeof indexes)[number]): Promise<boolean> {
  // In a transaction, which holds the connection: no other write counts in total_changes(), whose
  // rise of two or more is how FTS5 tells that a merge did work.
  return inTransaction(db, async (trx) => {
    const before = await totalChanges(trx)
    // A negative page count merges segments of every level, as 'optimize' does, in bounded steps.
    await sql`insert into ${sql.table(index)} (${sql.ref(index)}, rank)
      values ('merge', ${-pagesPerStep})`.execute(trx)
    return (await totalChanges(trx)) - before >= 2
  })
}

/** Merges each search index down to one segment, step by step. Answers the steps taken. */
export async function mergeSearchIndexes(db: Db): Promise<number> {
  // PostgreSQL's trigram index needs no merging (its GIN pending list is merged by autovacuum).
  if (engineOf(db) === 'postgres') return 0
  let steps = 0
  for (const index of indexes) {
    while (await mergeStep(db, index)) {
      steps += 1
      await yieldToRequests()
    }
  }
  return steps
}

export type SearchIndexMerger = PeriodicTask<number>

export const startSearchIndexMerger = ({ db, logger }: { db: Db; logger: Logger }) =>
  startPeriodic(
    logger,
    'Merging the search indexes failed',
    () => mergeSearchIndexes(db),
    () => null,
  )
