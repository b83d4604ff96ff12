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
    .selectFrom('inboundWebhooks')
    .select('ownerCursor')
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.ownerCursor ?? 0
}

export async function advanceOwnerCursor(db: Db, id: string, by: number): Promise<void> {
  await db
    .updateTable('inboundWebhooks')
    .set((eb) => ({ ownerCursor: eb('ownerCursor', '+', by) }))
    .where('id', '=', id)
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

// Both run with every delivery logged, so each is compiled once.

/** Deletes every delivery received before `before`, of any webhook. */
export const deleteDeliveriesBefore = compiledOnce((db: Db, before: string) =>
  db.deleteFrom('inboundDeliveries').where('receivedAt', '<', before),
)

/** The bytes of bodies a webhook's log keeps, summed from the index (webhook_id, seq, kept_bytes). */
export async function keptBytesOf(db: Db, webhookId: string): Promise<number> {
  const [row] = await sumKeptBytes(db, webhookId)
  return Number(row?.total ?? 0)
}

const sumKeptBytes = compiledOnce((db: Db, webhookId: string) =>
  db
    .selectFrom('inboundDeliveries')
    .select((eb) => eb.fn.sum<number>('keptBytes').as('total'))
    .where('webhookId', '=', webhookId),
)

/**
 * Deletes a webhook's oldest deliveries while the bodies its log keeps add up to more than
 * `maxBytes`: the newest delivery whose running total (newest first) passes it, and all before.
 * Summed from the index (webhook_id, seq, kept_bytes), never from the bodies.
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

/** Deletes a webhook's deliveries beyond its newest `keep`. */
export const deleteDeliveriesBeyond = compiledOnce((db: Db, webhookId: string, keep: number) =>
  db
    .deleteFrom('inboundDeliveries')
    .where('webhookId', '=', webhookId)
    .where(
      'seq',
      '<',
      sql<number>`(select seq from inbound_deliveries where webhook_id = ${webhookId}
        order by seq desc limit 1 offset ${keep} - 1)`,
    ),
)
