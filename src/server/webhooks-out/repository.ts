import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../db/connection'
import { findTenantRow, insertRows } from '../db/tenant-rows'
import type { WebhookAttemptTable, WebhookSubscriptionTable } from '../db/database'
import { countRows } from '../db/count-rows'

export async function insertSubscription(
  db: Db,
  row: Insertable<WebhookSubscriptionTable>,
): Promise<void> {
  await db.insertInto('webhookSubscriptions').values(row).execute()
}

export const findSubscriptionById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'webhookSubscriptions', tenantId, id)

/** Enabled subscriptions of every workspace: the delivery worker's round. */
export async function listEnabledSubscriptionIds(db: Db) {
  return db
    .selectFrom('webhookSubscriptions')
    .select(['id', 'tenantId'])
    .where('enabled', '=', 1)
    .orderBy('createdAt', 'asc')
    .execute()
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: Updateable<WebhookSubscriptionTable>,
): Promise<void> {
  await db.updateTable('webhookSubscriptions').set(changes).where('id', '=', id).execute()
}

/**
 * Moves the subscription's delivery state on, unless it changed since it was read (the admin
 * re-enabled it or changed its URL while an attempt was under way). Returns whether it moved.
 */
export async function advanceDeliveryState(
  db: Db,
  id: string,
  expected: { cursorSeq: number; retryCount: number },
  changes: Updateable<WebhookSubscriptionTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('webhookSubscriptions')
    .set(changes)
    .where('id', '=', id)
    .where('cursorSeq', '=', expected.cursorSeq)
    .where('retryCount', '=', expected.retryCount)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('webhookSubscriptions').where('id', '=', id).execute()
}

export const insertAttempt = (db: Db, row: Insertable<WebhookAttemptTable>) =>
  insertRows(db, 'webhookAttempts', [row])

function attemptsOf(db: Db, subscriptionId: string, eventId: string | undefined) {
  let query = db.selectFrom('webhookAttempts').where('subscriptionId', '=', subscriptionId)
  if (eventId !== undefined) query = query.where('eventId', '=', eventId)
  return query
}

export async function countAttempts(
  db: Db,
  subscriptionId: string,
  eventId: string | undefined,
): Promise<number> {
  return countRows(attemptsOf(db, subscriptionId, eventId))
}

/** A subscription's attempts, newest first. */
export async function listAttempts(
  db: Db,
  subscriptionId: string,
  eventId: string | undefined,
  limit: number,
  offset: number,
) {
  return attemptsOf(db, subscriptionId, eventId)
    .selectAll()
    .orderBy('seq', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}
