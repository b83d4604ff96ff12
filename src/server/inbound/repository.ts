import { sql, type Insertable, type Updateable } from 'kysely'
import { compiledOnce } from '../db/compiled-once'
import type { Db } from '../db/connection'
import { findTenantRow, insertRows } from '../db/tenant-rows'
import type { InboundDeliveryTable, InboundWebhookTable } from '../db/database'
import { countRows } from '../db/count-rows'

export const insertWebhook = (db: Db, row: Insertable<InboundWebhookTable>) =>
  insertRows(db, 'inboundWebhooks', [row])

export const findWebhookById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'inboundWebhooks', tenantId, id)

/** The webhook whose token has this hash, revoked or not. */
// Read on every delivery, so compiled once.
const webhookByTokenHash = compiledOnce(
  (db: Db, tokenHash: string) =>
    db.selectFrom('inboundWebhooks').selectAll().where('tokenHash', '=', tokenHash),
  // Before the request's write: it may read the open group (db/group-commit.ts).
  { readsAhead: true },
)

export async function findWebhookByTokenHash(db: Db, tokenHash: string) {
  return (await webhookByTokenHash(db, tokenHash))[0]
}

export async function updateWebhook(
  db: Db,
  id: string,
  values: Updateable<InboundWebhookTable>,
): Promise<void> {
  await db.updateTable('inboundWebhooks').set(values).where('id', '=', id).execute()
}

export async function readOwnerCursor(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('inboundOwnerCursors')
    .select('handedOut')
    .where('webhookId', '=', id)
    .executeTakeFirst()
  return row?.handedOut ?? 0
}

export async function advanceOwnerCursor(db: Db, id: string, by: number): Promise<void> {
  await db
    .insertInto('inboundOwnerCursors')
    .values({ webhookId: id, handedOut: by })
    .onConflict((conflict) =>
      conflict.column('webhookId').doUpdateSet((eb) => ({
        handedOut: eb('inboundOwnerCursors.handedOut', '+', eb.ref('excluded.handedOut')),
      })),
    )
    .execute()
}

export const insertDelivery = (db: Db, row: Insertable<InboundDeliveryTable>) =>
  insertRows(db, 'inboundDeliveries', [row])

export async function findDelivery(db: Db, tenantId: string, webhookId: string, id: string) {
  return db
    .selectFrom('inboundDeliveries')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('webhookId', '=', webhookId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function countDeliveries(db: Db, webhookId: string): Promise<number> {
  return countRows(db.selectFrom('inboundDeliveries').where('webhookId', '=', webhookId))
}

/** A webhook's deliveries, newest first. */
export async function listDeliveries(db: Db, webhookId: string, limit: number, offset: number) {
  return db
    .selectFrom('inboundDeliveries')
    .selectAll()
    .where('webhookId', '=', webhookId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

// These run with every delivery logged, so each is compiled once.

/** Deletes every delivery received before `before`, of any webhook. */
export const deleteDeliveriesBefore = compiledOnce((db: Db, before: string) =>
  db.deleteFrom('inboundDeliveries').where('receivedAt', '<', before),
)

/** A webhook's logged deliveries and the bytes of bodies they keep, as triggers count them. */
export async function logTotalsOf(db: Db, webhookId: string) {
  const [row] = await logTotals(db, webhookId)
  // PostgreSQL's bigint arrives as text.
  return { requests: Number(row?.requests ?? 0), keptBytes: Number(row?.keptBytes ?? 0) }
}

const logTotals = compiledOnce((db: Db, webhookId: string) =>
  db
    .selectFrom('inboundLogTotals')
    .select(['requests', 'keptBytes'])
    .where('webhookId', '=', webhookId),
)

/**
 * Deletes a webhook's oldest deliveries while the bodies its log keeps add up to more than
 * `maxBytes`: the newest delivery whose running total (newest first) passes it, and all before.
 * Summed from the index (webhook_id, seq, kept_bytes), never from the bodies; run only when the
 * totals say the log is over.
 */
export const deleteDeliveriesOverBytes = compiledOnce(
  (db: Db, webhookId: string, maxBytes: number) =>
    db
      .deleteFrom('inboundDeliveries')
      .where('webhookId', '=', webhookId)
      .where(
        'seq',
        '<=',
        sql<number>`(select seq from (
          select seq, sum(kept_bytes) over (order by seq desc) as total
          from inbound_deliveries where webhook_id = ${webhookId}
        ) as running where total > ${maxBytes} order by seq desc limit 1)`,
      ),
)

/** Deletes a webhook's `count` oldest deliveries: a seek to the first, and a step per delivery. */
export const deleteOldestDeliveries = compiledOnce((db: Db, webhookId: string, count: number) =>
  db
    .deleteFrom('inboundDeliveries')
    .where('webhookId', '=', webhookId)
    .where(
      'seq',
      '<=',
      sql<number>`(select seq from inbound_deliveries where webhook_id = ${webhookId}
        order by seq limit 1 offset ${count} - 1)`,
    ),
)
