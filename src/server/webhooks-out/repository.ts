import { sql, type Insertable, type Updateable } from 'kysely'
import { engineOf, type Db } from '../db/connection'
import { findTenantRow, insertRows } from '../db/tenant-rows'
import type {
  WebhookAttemptTable,
  WebhookDeliveryTable,
  WebhookSubscriptionTable,
} from '../db/database'
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
 * Moves the subscription's delivery state on after an attempt, unless it changed since it was read
 * (the admin re-enabled it or changed its URL while the attempt was under way); `expected` is null
 * for a set-aside event's retry, whose outcome does not depend on the cursor. An outcome that
 * disables the subscription (a 410, days of failures) applies only while it is still enabled:
 * paused by hand while the attempt was out, it stays paused by hand, with no automatic reason and
 * no alert. Returns whether it moved.
 */
export async function advanceDeliveryState(
  db: Db,
  id: string,
  expected: { cursorSeq: number; retryCount: number } | null,
  changes: Updateable<WebhookSubscriptionTable>,
): Promise<boolean> {
  let update = db.updateTable('webhookSubscriptions').set(changes).where('id', '=', id)
  if (expected) {
    update = update
      .where('cursorSeq', '=', expected.cursorSeq)
      .where('retryCount', '=', expected.retryCount)
  }
  if (changes.enabled === 0) update = update.where('enabled', '=', 1)
  const result = await update.executeTakeFirst()
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

/** The subscription's event set aside whose retry is due first, if one is due at `now`. */
export async function findDueDelivery(db: Db, subscriptionId: string, now: string) {
  return db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('subscriptionId', '=', subscriptionId)
    .where('status', '=', 'retrying')
    .where('nextAttemptAt', '<=', now)
    .orderBy('nextAttemptAt')
    .orderBy('eventSeq')
    .limit(1)
    .executeTakeFirst()
}

/** Sets an event aside, or records its latest retry. */
export async function saveDelivery(db: Db, row: Insertable<WebhookDeliveryTable>): Promise<void> {
  const { status, attempts, nextAttemptAt, lastStatus, lastError } = row
  await db
    .insertInto('webhookDeliveries')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['subscriptionId', 'eventSeq'])
        .doUpdateSet({ status, attempts, nextAttemptAt, lastStatus, lastError }),
    )
    .execute()
}

export async function deleteDelivery(db: Db, subscriptionId: string, eventSeq: number) {
  await db
    .deleteFrom('webhookDeliveries')
    .where('subscriptionId', '=', subscriptionId)
    .where('eventSeq', '=', eventSeq)
    .execute()
}

function deliveriesOf(
  db: Db,
  subscriptionId: string,
  status: WebhookDeliveryTable['status'] | undefined,
) {
  let query = db.selectFrom('webhookDeliveries').where('subscriptionId', '=', subscriptionId)
  if (status !== undefined) query = query.where('status', '=', status)
  return query
}

export const countDeliveries = (
  db: Db,
  subscriptionId: string,
  status: WebhookDeliveryTable['status'] | undefined,
) => countRows(deliveriesOf(db, subscriptionId, status))

/** A subscription's events set aside, oldest first, with their type. */
export async function listDeliveries(
  db: Db,
  subscriptionId: string,
  status: WebhookDeliveryTable['status'] | undefined,
  limit: number,
  offset: number,
) {
  return deliveriesOf(db, subscriptionId, status)
    .leftJoin('events', 'events.seq', 'webhookDeliveries.eventSeq')
    .selectAll('webhookDeliveries')
    .select('events.type as eventType')
    .orderBy('webhookDeliveries.eventSeq')
    .limit(limit)
    .offset(offset)
    .execute()
}

export async function findDelivery(db: Db, subscriptionId: string, eventId: string) {
  return db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('subscriptionId', '=', subscriptionId)
    .where('eventId', '=', eventId)
    .executeTakeFirst()
}

/**
 * Puts the subscription's events set aside since `since` (all of them without it) back on the
 * schedule, due `now`; a failed one gets a whole schedule again. Answers how many.
 */
export async function requeueDeliveries(
  db: Db,
  subscriptionId: string,
  filter: { since?: string; eventId?: string },
  now: string,
): Promise<number> {
  let query = db
    .updateTable('webhookDeliveries')
    .set((eb) => ({
      status: 'retrying',
      nextAttemptAt: now,
      attempts: eb.case().when('status', '=', 'failed').then(0).else(eb.ref('attempts')).end(),
    }))
    .where('subscriptionId', '=', subscriptionId)
  if (filter.since !== undefined) query = query.where('failedAt', '>=', filter.since)
  if (filter.eventId !== undefined) query = query.where('eventId', '=', filter.eventId)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Subscriptions in trouble, oldest first: enabled and failing since `failingBefore` or earlier, or
 * disabled by Outpost (a reason is kept; not paused by hand). One workspace's, or every one's.
 */
export async function listTroubledSubscriptions(db: Db, failingBefore: string, tenantId?: string) {
  let query = db
    .selectFrom('webhookSubscriptions')
    .select([
      'id',
      'tenantId',
      'url',
      'description',
      'enabled',
      'failingSince',
      'disabledReason',
      'disabledAt',
      'alertedFailingSince',
      'alertedDisabledAt',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('enabled', '=', 1), eb('failingSince', '<=', failingBefore)]),
        eb.and([eb('enabled', '=', 0), eb('disabledReason', 'is not', null)]),
      ]),
    )
  if (tenantId !== undefined) query = query.where('tenantId', '=', tenantId)
  return query.orderBy('createdAt').execute()
}

/** Where a subscription's queue stands: its cursor, and when its waiting event is tried again. */
export async function findQueueHead(db: Db, id: string) {
  return db
    .selectFrom('webhookSubscriptions')
    .select(['cursorSeq', 'nextAttemptAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

// The advisory lock space of delivery claims (two int4 keys: this and the subscription's hash),
// apart from the writers' one bigint lock (db/connection.ts).
const deliveryClaimSpace = 7_001_017

/**
 * Runs `work` holding the claim on a subscription's deliveries, or answers null when another
 * process holds it: each event goes out once even with several servers on one database. On
 * PostgreSQL, a session advisory lock (pg_try_advisory_lock, which never waits) on a connection
 * kept for the work, which runs on that connection; on SQLite, where one server process runs the
 * delivery worker, at once.
 */
export async function withDeliveryClaim<T>(
  db: Db,
  subscriptionId: string,
  work: (db: Db) => Promise<T>,
): Promise<T | null> {
  if (engineOf(db) === 'sqlite' || db.isTransaction) return work(db)
  return db.connection().execute(async (connection) => {
    const key = sql`${deliveryClaimSpace}, hashtext(${subscriptionId})`
    const { rows } = await sql<{
      claimed: boolean
    }>`select pg_try_advisory_lock(${key}) as claimed`.execute(connection)
    if (!rows[0]?.claimed) return null
    try {
      return await work(connection)
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection)
    }
  })
}
