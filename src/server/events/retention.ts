import { setImmediate as nextTurn } from 'node:timers/promises'
import { inTransaction, type Db } from '../db/connection'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import { startPeriodic, type PeriodicTask } from '../periodic'
import { keepPrunedInHistory } from '../timeline/service'

export const defaultRetentionDays = 30
const dayMs = 24 * 60 * 60 * 1000
// Rows deleted per transaction: the write lock is never held for long, whatever the backlog (each
// row also kept in its record's history, about 30 µs more).
const batchSize = 500

/**
 * Deletes one batch of a workspace's events that are older than its retention window and settled
 * by every one of its subscriptions (an event some subscription has yet to deliver, or has set
 * aside as failed, is never pruned, however old), and records the last seq pruned. Answers how many were deleted.
 * People's and deals' events stay in their records' timelines (timeline/history.ts).
 */
async function pruneBatch(db: Db, tenantId: string, cutoff: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const settled = await trx
      .selectFrom('webhookSubscriptions')
      .select((eb) => eb.fn.min<number>('cursorSeq').as('seq'))
      .where('tenantId', '=', tenantId)
      .executeTakeFirst()
    // An event set aside to be retried, or kept as failed to be recovered, is not settled either.
    const setAside = await trx
      .selectFrom('webhookDeliveries')
      .select((eb) => eb.fn.min<number>('eventSeq').as('seq'))
      .where('tenantId', '=', tenantId)
      .executeTakeFirst()
    let batch = trx
      .selectFrom('events')
      .select('seq')
      .where('tenantId', '=', tenantId)
      .where('createdAt', '<', cutoff)
    if (settled?.seq != null) batch = batch.where('seq', '<=', settled.seq)
    if (setAside?.seq != null) batch = batch.where('seq', '<', setAside.seq)
    const seqs = await batch.orderBy('seq').limit(batchSize).execute()
    const last = seqs.at(-1)?.seq
    if (last === undefined) return 0
    await keepPrunedInHistory(trx, tenantId, last, cutoff)
    await trx
      .deleteFrom('events')
      .where('tenantId', '=', tenantId)
      .where('seq', '<=', last)
      .where('createdAt', '<', cutoff)
      .execute()
    await trx
      .insertInto('eventHorizons')
      .values({ tenantId, prunedThrough: last })
      .onConflict((oc) =>
        // The greater of the two, written as CASE: SQLite's max(a, b) is PostgreSQL's greatest.
        oc.column('tenantId').doUpdateSet((eb) => ({
          prunedThrough: eb
            .case()
            .when('eventHorizons.prunedThrough', '>', eb.ref('excluded.prunedThrough'))
            .then(eb.ref('eventHorizons.prunedThrough'))
            .else(eb.ref('excluded.prunedThrough'))
            .end(),
        })),
      )
      .execute()
    return seqs.length
  })
}

/** Prunes every workspace's events past its retention window; answers how many were deleted. */
export async function pruneEvents(db: Db, now: Date): Promise<number> {
  const workspaces = await db
    .selectFrom('workspaces')
    .select(['id', 'eventRetentionDays'])
    .execute()
  let pruned = 0
  for (const { id, eventRetentionDays } of workspaces) {
    const cutoff = new Date(now.getTime() - eventRetentionDays * dayMs).toISOString()
    let deleted: number
    do {
      deleted = await pruneBatch(db, id, cutoff)
      pruned += deleted
      // SQLite's calls are synchronous: without a turn of the event loop between batches, a
      // backlog (a million events kept by an earlier version) held every request for seconds.
      if (deleted > 0) await nextTurn()
    } while (deleted > 0)
  }
  return pruned
}

/** The greatest seq pruned from the workspace's events: a cursor before it has lost events. */
export async function findPrunedThrough(db: Db, tenantId: string): Promise<number> {
  const horizon = await db
    .selectFrom('eventHorizons')
    .select('prunedThrough')
    .where('tenantId', '=', tenantId)
    .executeTakeFirst()
  return horizon?.prunedThrough ?? 0
}

export type EventPruner = PeriodicTask<number>

/** Prunes a little after start and then every hour, in the background. */
export const startEventPruner = ({ db, clock, logger }: { db: Db; clock: Clock; logger: Logger }) =>
  startPeriodic(
    logger,
    'Pruning events failed',
    () => pruneEvents(db, clock.now()),
    (pruned) => (pruned > 0 ? `Pruned ${pruned} events past their retention window` : null),
  )
