import type { Insertable, Selectable, Updateable } from 'kysely'
import type { Clock } from '../clock'
import { inTransaction, type Db } from '../db/connection'
import type { WebhookDeliveryTable, WebhookSubscriptionTable } from '../db/database'
import { findEvent, readEvents, type StoredEvent } from '../events/service'
import type { Logger } from '../logger'
import { attemptRow, describeOutcome, makeAttempt, type SubscriptionRow } from './attempt'
import { selectedEventTypes } from '../events/type-filter'
import type { SendResult } from './http-sender'
import * as subscriptions from './repository'
import {
  disableAfterFailingMs,
  nextRetryDelay,
  parseRetryAfter,
  retryDelaysMs,
} from './retry-schedule'

export interface DeliveryContext {
  db: Db
  clock: Clock
  logger: Logger
}

// After the schedule is used up with no answer at all, the event keeps waiting at this pace.
const unreachableRetryMs = retryDelaysMs.at(-1)!

function parseTypes(subscription: SubscriptionRow): string[] {
  return JSON.parse(subscription.eventTypes) as string[]
}

interface NextState {
  changes: Updateable<WebhookSubscriptionTable>
  nextAttemptAt: string | null
  /** The event is settled at the cursor (delivered, set aside or given up): the next may go. */
  movedOn: boolean
  /** The event set aside, to be retried on its own schedule or recovered by hand. */
  setAside?: Insertable<WebhookDeliveryTable>
}

/**
 * Answers that speak for the endpoint as a whole rather than for one event: no answer at all
 * (offline, refused, timed out, or a body that stalled past the time limit), or a request to slow
 * down. Trying the next event could only fail the same way, so the subscription waits, whatever
 * its ordering.
 */
const holdsEveryEvent = (result: SendResult) =>
  result.responseStatus === null ||
  result.error === 'timeout' ||
  result.responseStatus === 429 ||
  result.responseStatus === 503

/**
 * Why a failed attempt disables the subscription, or null: a 410 Gone, a 508 Loop Detected (the
 * URL leads back to this Outpost, whose loop guard refuses every delivery: retrying for a day
 * could not help), or 5 days of failures.
 */
function disablingReason(result: SendResult, failingSince: string, finishedAt: Date) {
  if (result.responseStatus === 410)
    return 'The endpoint answered 410 Gone: it asked for deliveries to stop.'
  if (result.responseStatus === 508)
    return (
      'The endpoint answered 508 Loop Detected: the URL leads back to this Outpost, and its ' +
      'events would come back as changes without end.'
    )
  if (finishedAt.getTime() - Date.parse(failingSince) >= disableAfterFailingMs)
    return `Every delivery attempt failed for 5 days (since ${failingSince}).`
  return null
}

/** The delay before the next attempt after `failed` failures, or null once the schedule is over. */
function retryDelay(failed: number, result: SendResult, finishedAt: Date): number | null {
  const throttled = result.responseStatus === 429 || result.responseStatus === 503
  const retryAfterMs = throttled ? parseRetryAfter(result.retryAfter, finishedAt) : null
  return nextRetryDelay(failed, retryAfterMs)
}

const after = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString()

/** The row of an event set aside after `attempts` failed attempts. */
function setAsideRow(
  subscription: SubscriptionRow,
  event: { seq: number; id: string },
  attempts: number,
  result: SendResult,
  failedAt: string,
  nextAttemptAt: string | null,
): Insertable<WebhookDeliveryTable> {
  return {
    subscriptionId: subscription.id,
    eventSeq: event.seq,
    eventId: event.id,
    tenantId: subscription.tenantId,
    status: nextAttemptAt === null ? 'failed' : 'retrying',
    attempts,
    nextAttemptAt,
    failedAt,
    lastStatus: result.responseStatus,
    lastError: result.error,
  }
}

/**
 * What a failed attempt at the cursor's event leads to. Unless the subscription asks for strict
 * order, an event the endpoint answered with an error is set aside on its own schedule and the
 * next event goes at once, so one event the endpoint rejects holds back nothing. Otherwise (strict
 * order, or an endpoint that cannot take any event now) the event waits at the cursor and is
 * retried on the schedule; an endpoint that answered every attempt with an error has it given up
 * (kept as failed, to recover) after the last one, while one that could not be reached at all
 * keeps it waiting, so nothing is skipped while the laptop is offline. Failing for 5 days, or a
 * 410 Gone, disables the subscription where it stands.
 */
function planAfterFailure(
  subscription: SubscriptionRow,
  event: { seq: number; id: string },
  result: SendResult,
  attemptedAt: Date,
  finishedAt: Date,
): NextState {
  const failed = subscription.retryCount + 1
  const failingSince = subscription.failingSince ?? attemptedAt.toISOString()
  const disabledReason = disablingReason(result, failingSince, finishedAt)
  if (disabledReason) {
    return {
      changes: {
        enabled: 0,
        disabledReason,
        disabledAt: finishedAt.toISOString(),
        updatedAt: finishedAt.toISOString(),
        retryCount: failed,
        nextAttemptAt: null,
        failingSince,
      },
      nextAttemptAt: null,
      movedOn: false,
    }
  }
  if (subscription.strictOrder !== 1 && !holdsEveryEvent(result)) {
    const delay = retryDelay(1, result, finishedAt)
    const retryAt = delay === null ? null : after(finishedAt, delay)
    return {
      changes: { cursorSeq: event.seq, retryCount: 0, nextAttemptAt: null, failingSince },
      nextAttemptAt: retryAt,
      movedOn: true,
      setAside: setAsideRow(subscription, event, 1, result, attemptedAt.toISOString(), retryAt),
    }
  }
  let delay = retryDelay(failed, result, finishedAt)
  if (delay === null && result.responseStatus === null) delay = unreachableRetryMs
  if (delay === null) {
    return {
      changes: { cursorSeq: event.seq, retryCount: 0, nextAttemptAt: null, failingSince },
      nextAttemptAt: null,
      movedOn: true,
      setAside: setAsideRow(subscription, event, failed, result, failingSince, null),
    }
  }
  const nextAttemptAt = after(finishedAt, delay)
  return {
    changes: { retryCount: failed, nextAttemptAt, failingSince },
    nextAttemptAt,
    movedOn: false,
  }
}

const messageOf = (event: StoredEvent) => ({ id: event.id, type: event.type, body: event.payload })

/**
 * Retries an event that was set aside. Delivered, it is done with; failed again, it waits for
 * its next time on the schedule, or is kept as failed when the schedule is used up.
 */
async function retrySetAside(
  context: DeliveryContext,
  subscription: SubscriptionRow,
  delivery: Selectable<WebhookDeliveryTable>,
): Promise<void> {
  const { db, clock, logger } = context
  const event = await findEvent(db, subscription.tenantId, delivery.eventId)
  if (!event) {
    await subscriptions.deleteDelivery(db, subscription.id, delivery.eventSeq)
    return
  }
  const message = messageOf(event)
  const made = await makeAttempt(subscription, message, clock)
  const finishedAt = clock.now()
  const attempts = delivery.attempts + 1
  const { result } = made
  let subscriptionChanges: Updateable<WebhookSubscriptionTable> = { failingSince: null }
  let retryAt: string | null = null
  if (!result.succeeded) {
    const failingSince = subscription.failingSince ?? made.attemptedAt.toISOString()
    const disabledReason = disablingReason(result, failingSince, finishedAt)
    subscriptionChanges = disabledReason
      ? {
          failingSince,
          enabled: 0,
          disabledReason,
          disabledAt: finishedAt.toISOString(),
          updatedAt: finishedAt.toISOString(),
        }
      : { failingSince }
    const delay = retryDelay(attempts, result, finishedAt)
    retryAt = delay === null || disabledReason ? null : after(finishedAt, delay)
  }
  const applied = await inTransaction(db, async (trx) => {
    if (!(await subscriptions.findSubscriptionById(trx, subscription.tenantId, subscription.id)))
      return false
    if (result.succeeded) await subscriptions.deleteDelivery(trx, subscription.id, event.seq)
    else {
      const row = setAsideRow(subscription, event, attempts, result, delivery.failedAt, retryAt)
      await subscriptions.saveDelivery(trx, row)
    }
    const changed = await subscriptions.advanceDeliveryState(
      trx,
      subscription.id,
      null,
      subscriptionChanges,
    )
    await subscriptions.insertAttempt(
      trx,
      attemptRow(subscription, message, made, {
        trigger: 'scheduled',
        attemptNumber: attempts,
        nextAttemptAt: retryAt,
      }),
    )
    return changed
  })
  if (!result.succeeded) {
    // Told once the transaction says so: one paused by hand meanwhile is not disabled by this.
    logger.info(
      `webhook ${subscription.id}: event ${event.id} retry ${attempts} failed ` +
        `(${describeOutcome(result)})` +
        (applied && subscriptionChanges.enabled === 0 ? '; subscription disabled' : ''),
    )
  }
}

/**
 * Makes the next due attempt of one subscription, if any: an event set aside whose retry is due,
 * else its oldest unsettled event, in commit order. Records the attempt and the new state in one
 * transaction. Returns true when another attempt may be due at once (call again), false when the
 * subscription has nothing due now.
 */
export async function deliverNextEvent(
  context: DeliveryContext,
  tenantId: string,
  subscriptionId: string,
): Promise<boolean> {
  // Another server process on the same database delivering this subscription now: it goes on.
  const claimed = await subscriptions.withDeliveryClaim(context.db, subscriptionId, (db) =>
    deliverNextEventClaimed({ ...context, db }, tenantId, subscriptionId),
  )
  return claimed ?? false
}

async function deliverNextEventClaimed(
  context: DeliveryContext,
  tenantId: string,
  subscriptionId: string,
): Promise<boolean> {
  const { db, clock, logger } = context
  const subscription = await subscriptions.findSubscriptionById(db, tenantId, subscriptionId)
  if (!subscription || subscription.enabled !== 1) return false
  const now = clock.now()
  const due = await subscriptions.findDueDelivery(db, subscription.id, now.toISOString())
  if (due) {
    await retrySetAside(context, subscription, due)
    return true
  }
  if (subscription.nextAttemptAt && subscription.nextAttemptAt > now.toISOString()) return false

  const types = selectedEventTypes(parseTypes(subscription))
  const range = await readEvents(db, tenantId, subscription.cursorSeq, 1, types)
  const event = range.events[0]
  const expected = { cursorSeq: subscription.cursorSeq, retryCount: subscription.retryCount }
  if (!event) {
    // Nothing wanted is waiting: remember how far that is known, so the next look starts there.
    if (range.nextSeq > subscription.cursorSeq) {
      await subscriptions.advanceDeliveryState(db, subscription.id, expected, {
        cursorSeq: range.nextSeq,
      })
    }
    return false
  }

  const message = messageOf(event)
  const made = await makeAttempt(subscription, message, clock)
  const finishedAt = clock.now()
  const attemptNumber = subscription.retryCount + 1
  const plan: NextState = made.result.succeeded
    ? {
        changes: { cursorSeq: event.seq, retryCount: 0, nextAttemptAt: null, failingSince: null },
        nextAttemptAt: null,
        movedOn: true,
      }
    : planAfterFailure(subscription, event, made.result, made.attemptedAt, finishedAt)

  const applied = await inTransaction(db, async (trx) => {
    // The subscription may have been deleted while the request was out.
    if (!(await subscriptions.findSubscriptionById(trx, tenantId, subscription.id))) return false
    const moved = await subscriptions.advanceDeliveryState(
      trx,
      subscription.id,
      expected,
      plan.changes,
    )
    if (moved && plan.setAside) await subscriptions.saveDelivery(trx, plan.setAside)
    await subscriptions.insertAttempt(
      trx,
      attemptRow(subscription, message, made, {
        trigger: 'scheduled',
        attemptNumber,
        nextAttemptAt: moved ? plan.nextAttemptAt : null,
      }),
    )
    return moved
  })

  if (!made.result.succeeded) {
    logger.info(
      `webhook ${subscription.id}: event ${event.id} attempt ${attemptNumber} ` +
        `failed (${describeOutcome(made.result)})` +
        (applied && plan.changes.enabled === 0 ? '; subscription disabled' : '') +
        (plan.setAside ? '; set aside, the next events go on' : ''),
    )
  }
  return applied && plan.movedOn
}
