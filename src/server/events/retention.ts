import { inTransaction, type Db } from '../db/connection'
import type { Clock } from '../clock'
import { ApiError } from '../http/errors'
import type { Logger } from '../logger'

export const defaultRetentionDays = 30
const dayMs = 24 * 60 * 60 * 1000
// Rows deleted per transaction: the write lock is never held for long, whatever the backlog.
const batchSize = 2_000
// Once at start (a little after, so a start is not slowed), then this often.
const firstRunMs = 10_000
const everyMs = 60 * 60 * 1000

/**
 * Deletes one batch of a workspace's events that are older than its retention window and settled
 * by every one of its subscriptions (an event some subscription has yet to deliver is never
 * pruned, however old), and records the last seq pruned. Answers how many were deleted.
 */
async function pruneBatch(db: Db, tenantId: string, cutoff: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const settled = await trx
      .selectFrom('webhookSubscriptions')
      .select((eb) => eb.fn.min<number>('cursorSeq').as('seq'))
      .where('tenantId', '=', tenantId)
      .executeTakeFirst()
    let batch = trx
      .selectFrom('events')
      .select('seq')
      .where('tenantId', '=', tenantId)
      .where('createdAt', '<', cutoff)
    if (settled?.seq != null) batch = batch.where('seq', '<=', settled.seq)
    const seqs = await batch.orderBy('seq').limit(batchSize).execute()
    const last = seqs.at(-1)?.seq
    if (last === undefined) return 0
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
        oc.column('tenantId').doUpdateSet((eb) => ({
          prunedThrough: eb.fn('max', [eb.ref('eventHorizons.prunedThrough'), eb.val(last)]),
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
    } while (deleted > 0)
  }
  return pruned
}

/**
 * A feed read from `seq` on must not silently skip events that were pruned: a cursor before the
 * workspace's last pruned seq answers 410, with how to start again.
 */
export async function assertNotPruned(db: Db, tenantId: string, seq: number): Promise<void> {
  const horizon = await db
    .selectFrom('eventHorizons')
    .select('prunedThrough')
    .where('tenantId', '=', tenantId)
    .executeTakeFirst()
  if (horizon && seq < horizon.prunedThrough) {
    throw new ApiError(
      'cursor_expired',
      'Events after this cursor were pruned (older than the workspace keeps them). Start again: ' +
        'take a cursor with after=now, list /api/v1/people and /api/v1/deals, then read the feed ' +
        'from that cursor.',
      { field: 'after', prunedThrough: horizon.prunedThrough },
    )
  }
}

export interface EventPruner {
  /** Prunes now (tests; the pruner also runs by itself). */
  runNow(): Promise<number>
  stop(): Promise<void>
}

/** Prunes a little after start and then every hour, in the background. */
export function startEventPruner({
  db,
  clock,
  logger,
}: {
  db: Db
  clock: Clock
  logger: Logger
}): EventPruner {
  let running: Promise<number> = Promise.resolve(0)
  const runNow = () => {
    // One run at a time; a failed run does not stop the next.
    running = running.catch(() => 0).then(() => pruneEvents(db, clock.now()))
    return running
  }
  const tick = () => {
    runNow()
      .then((pruned) => {
        if (pruned > 0) logger.info(`Pruned ${pruned} events past their retention window`)
      })
      .catch((error: unknown) => logger.error('Pruning events failed', error))
    timer = setTimeout(tick, everyMs).unref()
  }
  let timer = setTimeout(tick, firstRunMs).unref()
  return {
    runNow,
    async stop() {
      clearTimeout(timer)
      await running.catch(() => undefined)
    },
  }
}
