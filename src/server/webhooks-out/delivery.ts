import type { Updateable } from 'kysely'
import type { Clock } from '../clock'
import { inTransaction, type Db } from '../db/connection'
import type { WebhookSubscriptionTable } from '../db/database'
import { readEvents } from '../events/service'
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
  /** The event is settled as failed and the next one may go at once. */
  gaveUp: boolean
}

/**
 * What a failed attempt leads to. The event is retried on the schedule. An endpoint that answered
 * every attempt with an error has the event given up after the last one, so that one event it
 * rejects cannot hold back the others; an endpoint that could not be reached at all (offline,
 * timeouts) keeps the event waiting, so nothing is skipped while the laptop is offline. Failing
 * for 5 days, or a 410 Gone, disables the subscription where it stands.
 */
function planAfterFailure(
  subscription: SubscriptionRow,
  seq: number,
  result: SendResult,
  attemptedAt: Date,
  finishedAt: Date,
): NextState {
  const failed = subscription.retryCount + 1
  const failingSince = subscription.failingSince ?? attemptedAt.toISOString()
  const disabledReason =
    result.responseStatus === 410
      ? 'The endpoint answered 410 Gone: it asked for deliveries to stop.'
      : finishedAt.getTime() - Date.parse(failingSince) >= disableAfterFailingMs
        ? `Every delivery attempt failed for 5 days (since ${failingSince}).`
        : null
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
      gaveUp: false,
    }
  }
  const throttled = result.responseStatus === 429 || result.responseStatus === 503
  const retryAfterMs = throttled ? parseRetryAfter(result.retryAfter, finishedAt) : null
  let delay = nextRetryDelay(failed, retryAfterMs)
  if (delay === null && result.responseStatus === null) delay = unreachableRetryMs
  if (delay === null) {
    return {
      changes: { cursorSeq: seq, retryCount: 0, nextAttemptAt: null, failingSince },
      nextAttemptAt: null,
      gaveUp: true,
    }
  }
  const nextAttemptAt = new Date(finishedAt.getTime() + delay).toISOString()
  return {
    changes: { retryCount: failed, nextAttemptAt, failingSince },
    nextAttemptAt,
    gaveUp: false,
  }
}

/**
 * Makes the next due attempt of one subscription, if any: its oldest unsettled event, in commit
 * order. Records the attempt and the new state in one transaction. Returns true when another
 * event may be due at once (call again), false when the subscription has nothing due now.
 */
export async function deliverNextEvent(
  context: DeliveryContext,
  tenantId: string,
  subscriptionId: string,
): Promise<boolean> {
  const { db, clock, logger } = context
  const subscription = await subscriptions.findSubscriptionById(db, tenantId, subscriptionId)
  if (!subscription || subscription.enabled !== 1) return false
  const now = clock.now()
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

  const message = { id: event.id, type: event.type, body: event.payload }
  const made = await makeAttempt(subscription, message, clock)
  const finishedAt = clock.now()
  const attemptNumber = subscription.retryCount + 1
  const plan: NextState = made.result.succeeded
    ? {
        changes: { cursorSeq: event.seq, retryCount: 0, nextAttemptAt: null, failingSince: null },
        nextAttemptAt: null,
        gaveUp: false,
      }
    : planAfterFailure(subscription, event.seq, made.result, made.attemptedAt, finishedAt)

  const applied = await inTransaction(db, async (trx) => {
    // The subscription may have been deleted while the request was out.
    if (!(await subscriptions.findSubscriptionById(trx, tenantId, subscription.id))) return false
    const moved = await subscriptions.advanceDeliveryState(
      trx,
      subscription.id,
      expected,
      plan.changes,
    )
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
        (plan.changes.enabled === 0 ? '; subscription disabled' : ''),
    )
  }
  return applied && (made.result.succeeded || plan.gaveUp)
}
