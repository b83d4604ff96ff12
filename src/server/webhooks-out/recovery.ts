// Getting events that an endpoint refused delivered after all: the events set aside, "retry now"
// for one of them, and "recover every failed delivery since" after an outage.

import type { Selectable } from 'kysely'
import type { Db } from '../db/connection'
import type { WebhookDeliveryTable } from '../db/database'
import { findEvent } from '../events/service'
import { notFound } from '../http/errors'
import { paginate, type Page } from '../http/pagination'
import * as subscriptions from './repository'
import type { DeliveriesRequest, WebhookDelivery } from './schema'
import { findSubscriptionRow } from './service'

type DeliveryRow = Selectable<WebhookDeliveryTable> & { eventType: string | null }

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.nextAttemptAt,
  failedAt: row.failedAt,
  lastStatus: row.lastStatus,
  lastError: row.lastError,
})

/** The subscription's events set aside (retrying or failed), oldest event first. */
export async function listDeliveries(
  db: Db,
  tenantId: string,
  subscriptionId: string,
  request: DeliveriesRequest,
): Promise<Page<WebhookDelivery>> {
  await findSubscriptionRow(db, tenantId, subscriptionId)
  const page = await paginate(
    request,
    () => subscriptions.countDeliveries(db, subscriptionId, request.status),
    (limit, offset) =>
      subscriptions.listDeliveries(db, subscriptionId, request.status, limit, offset),
  )
  return { ...page, data: page.data.map(toDelivery) }
}

/**
 * Puts the event waiting at the head of the queue (a strict-order subscription, or an endpoint that
 * could not be reached) back to "due now". Answers whether one was waiting.
 */
async function hurryWaitingEvent(db: Db, subscriptionId: string, now: string, eventSeq?: number) {
  const subscription = await subscriptions.findQueueHead(db, subscriptionId)
  if (subscription.nextAttemptAt === null) return false
  if (eventSeq !== undefined && eventSeq <= subscription.cursorSeq) return false
  await subscriptions.updateSubscription(db, subscriptionId, { nextAttemptAt: now })
  return true
}

/**
 * "Retry now" for one event: set aside or failed, it is due at once (a failed one with a whole
 * schedule again); the event waiting at the head of the queue likewise. The delivery worker makes
 * the attempt within a second, logged like every other. 404 when the event is not waiting.
 */
export async function retryDeliveryNow(
  db: Db,
  tenantId: string,
  subscriptionId: string,
  eventId: string,
  now: Date,
): Promise<{ queued: number }> {
  await findSubscriptionRow(db, tenantId, subscriptionId)
  const at = now.toISOString()
  const queued = await subscriptions.requeueDeliveries(db, subscriptionId, { eventId }, at)
  if (queued > 0) return { queued }
  const event = await findEvent(db, tenantId, eventId)
  if (event && (await hurryWaitingEvent(db, subscriptionId, at, event.seq))) return { queued: 1 }
  throw notFound('Waiting or failed delivery of this event')
}

/**
 * After an outage: every event set aside that first failed at or after `since` is due at once
 * (failed ones with a whole schedule again), and so is the event waiting at the head of the
 * queue. Answers how many were put back.
 */
export async function recoverDeliveries(
  db: Db,
  tenantId: string,
  subscriptionId: string,
  since: string,
  now: Date,
): Promise<{ queued: number }> {
  await findSubscriptionRow(db, tenantId, subscriptionId)
  const at = now.toISOString()
  const requeued = await subscriptions.requeueDeliveries(db, subscriptionId, { since }, at)
  const hurried = await hurryWaitingEvent(db, subscriptionId, at)
  return { queued: requeued + (hurried ? 1 : 0) }
}
