import { newId } from '../ids'
import type { Selectable, Updateable } from 'kysely'
import type { Clock } from '../clock'
import { inTransaction, type Db } from '../db/connection'
import { selectTenantPage } from '../db/tenant-page'
import type { WebhookAttemptTable, WebhookSubscriptionTable } from '../db/database'
import { eventPayloadVersion } from '../../shared/events'
import { findEvent, latestEventSeq } from '../events/service'
import { ApiError, notFound } from '../http/errors'
import { paginate, type Page, type PageRequest } from '../http/pagination'
import { activeSecrets, attemptRow, makeAttempt, type SubscriptionRow } from './attempt'
import * as subscriptions from './repository'
import type {
  Attempt,
  AttemptsRequest,
  CreatedSubscription,
  CreateSubscriptionInput,
  SigningSecret,
  Subscription,
  UpdateSubscriptionInput,
} from './schema'
import { seal, unseal } from '../sealing/sealed-text'
import { generateSigningSecret } from './signing-secret'

/** How long the secret before a rotation keeps signing, so receivers can switch without a gap. */
export const secretOverlapMs = 24 * 60 * 60 * 1000

/** The type of the event "send test event" delivers. It is never recorded in the feed. */
export const testEventType = 'webhook.test'

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: JSON.parse(row.eventTypes) as string[],
    enabled: row.enabled === 1,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt,
    failingSince: row.failingSince,
    nextAttemptAt: row.nextAttemptAt,
    strictOrder: row.strictOrder === 1,
    previousSecretExpiresAt: row.previousSecret ? row.previousSecretExpiresAt : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

export function toAttempt(row: Omit<Selectable<WebhookAttemptTable>, 'seq'>): Attempt {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    eventId: row.eventId,
    eventType: row.eventType,
    trigger: row.trigger,
    attemptNumber: row.attemptNumber,
    attemptedAt: row.attemptedAt,
    durationMs: row.durationMs,
    succeeded: row.succeeded === 1,
    responseStatus: row.responseStatus,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt,
  }
}

export async function findSubscriptionRow(
  db: Db,
  tenantId: string,
  id: string,
): Promise<SubscriptionRow> {
  const row = await subscriptions.findSubscriptionById(db, tenantId, id)
  if (!row) throw notFound('Webhook subscription')
  return row
}

/**
 * Creates a subscription with a new signing secret. It receives the events committed after it,
 * not the history before (the change feed serves that).
 */
export async function createSubscription(
  db: Db,
  tenantId: string,
  input: CreateSubscriptionInput,
  now: Date,
): Promise<CreatedSubscription> {
  const secret = generateSigningSecret()
  return inTransaction(db, async (trx) => {
    const timestamp = now.toISOString()
    const row: SubscriptionRow = {
      id: newId(),
      tenantId,
      url: input.url,
      description: input.description ?? null,
      eventTypes: JSON.stringify(input.eventTypes),
      enabled: input.enabled ? 1 : 0,
      secret: await seal(trx, secret),
      previousSecret: null,
      previousSecretExpiresAt: null,
      disabledReason: null,
      disabledAt: input.enabled ? null : timestamp,
      cursorSeq: await latestEventSeq(trx),
      retryCount: 0,
      nextAttemptAt: null,
      failingSince: null,
      strictOrder: input.strictOrder ? 1 : 0,
      alertedFailingSince: null,
      alertedDisabledAt: null,
      createdAt: timestamp,
      updatedAt: timestamp,
    }
    await subscriptions.insertSubscription(trx, row)
    return { ...toSubscription(row), secret }
  })
}

export const listSubscriptions = (db: Db, tenantId: string, request: PageRequest) =>
  selectTenantPage(db, 'webhookSubscriptions', tenantId, request, (rows) =>
    rows.map(toSubscription),
  )

export async function getSubscription(db: Db, tenantId: string, id: string): Promise<Subscription> {
  return toSubscription(await findSubscriptionRow(db, tenantId, id))
}

// A fresh start for the waiting event: attempted at once, on a new schedule.
export const freshDeliveryState = {
  retryCount: 0,
  nextAttemptAt: null,
  failingSince: null,
} as const

/**
 * Applies the fields sent. Disabling pauses deliveries; enabling resumes them where they stopped
 * (events recorded meanwhile included) and forgets an automatic disabling's reason. A new URL or
 * event filter gives the waiting event a fresh schedule.
 */
export async function updateSubscription(
  db: Db,
  tenantId: string,
  id: string,
  input: UpdateSubscriptionInput,
  now: Date,
): Promise<Subscription> {
  return inTransaction(db, async (trx) => {
    const before = await findSubscriptionRow(trx, tenantId, id)
    const changes: Updateable<WebhookSubscriptionTable> = {}
    if (input.url !== undefined && input.url !== before.url) {
      Object.assign(changes, { url: input.url }, freshDeliveryState)
    }
    const types = input.eventTypes && JSON.stringify(input.eventTypes)
    if (types !== undefined && types !== before.eventTypes) {
      Object.assign(changes, { eventTypes: types }, freshDeliveryState)
    }
    const strictOrder = input.strictOrder === undefined ? undefined : input.strictOrder ? 1 : 0
    if (strictOrder !== undefined && strictOrder !== before.strictOrder) {
      changes.strictOrder = strictOrder
    }
    if (input.description !== undefined && input.description !== before.description) {
      changes.description = input.description
    }
    const wasEnabled = before.enabled === 1
    if (input.enabled === true && !wasEnabled) {
      Object.assign(changes, { enabled: 1, disabledReason: null, disabledAt: null })
      Object.assign(changes, freshDeliveryState)
    } else if (input.enabled === false && wasEnabled) {
      Object.assign(changes, { enabled: 0, disabledReason: null, disabledAt: now.toISOString() })
    }
    if (Object.keys(changes).length === 0) return toSubscription(before)
    changes.updatedAt = now.toISOString()
    await subscriptions.updateSubscription(trx, id, changes)
    return toSubscription({ ...before, ...changes } as SubscriptionRow)
  })
}

/** Deletes the subscription and its delivery log. An attempt under way is not recorded. */
export async function deleteSubscription(db: Db, tenantId: string, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await findSubscriptionRow(trx, tenantId, id)
    await subscriptions.deleteSubscription(trx, id)
  })
}

function toSigningSecret(row: SubscriptionRow, now: Date): SigningSecret {
  const [secret, previousSecret] = activeSecrets(row, now)
  if (secret === undefined) {
    throw new ApiError(
      'secret_unreadable',
      'This signing secret was sealed under a key that is no longer here (secrets.key); rotate ' +
        'it to get a new one, or run `outpost secrets reset`',
    )
  }
  return {
    secret,
    previousSecret: previousSecret ?? null,
    previousSecretExpiresAt: previousSecret ? row.previousSecretExpiresAt : null,
  }
}

/** The signing secret, and the previous one while it still signs. */
export async function getSigningSecret(
  db: Db,
  tenantId: string,
  id: string,
  now: Date,
): Promise<SigningSecret> {
  return toSigningSecret(await findSubscriptionRow(db, tenantId, id), now)
}

/**
 * Replaces the signing secret. For 24 hours deliveries carry a signature with each secret, so
 * the receiver can switch to the new one at its own pace. Rotating again within the 24 hours
 * retires the oldest secret at once: only two ever sign.
 */
export async function rotateSigningSecret(
  db: Db,
  tenantId: string,
  id: string,
  now: Date,
): Promise<SigningSecret> {
  return inTransaction(db, async (trx) => {
    const before = await findSubscriptionRow(trx, tenantId, id)
    const secret = generateSigningSecret()
    // A secret lost with its sealing key signs nothing: it is not kept as the previous one, and
    // the event it held back is attempted at once with the new one.
    const lost = unseal(before.secret) === null
    const changes = {
      secret: await seal(trx, secret),
      previousSecret: lost ? null : before.secret,
      previousSecretExpiresAt: new Date(now.getTime() + secretOverlapMs).toISOString(),
      updatedAt: now.toISOString(),
      ...(lost ? freshDeliveryState : {}),
    }
    await subscriptions.updateSubscription(trx, id, changes)
    return toSigningSecret({ ...before, ...changes }, now)
  })
}

/** The delivery log of one subscription, newest attempt first. */
export async function listAttempts(
  db: Db,
  tenantId: string,
  subscriptionId: string,
  request: AttemptsRequest,
): Promise<Page<Attempt>> {
  await findSubscriptionRow(db, tenantId, subscriptionId)
  const page = await paginate(
    request,
    () => subscriptions.countAttempts(db, subscriptionId, request.eventId),
    (limit, offset) =>
      subscriptions.listAttempts(db, subscriptionId, request.eventId, limit, offset),
  )
  return { ...page, data: page.data.map(toAttempt) }
}

async function attemptByHand(
  db: Db,
  subscription: SubscriptionRow,
  message: { id: string; type: string; body: string },
  trigger: 'manual' | 'test',
  clock: Clock,
): Promise<Attempt> {
  const made = await makeAttempt(subscription, message, clock)
  const row = attemptRow(subscription, message, made, { trigger })
  await inTransaction(db, async (trx) => {
    // Deleted while the request was out: there is no log left to write to.
    if (await subscriptions.findSubscriptionById(trx, subscription.tenantId, subscription.id)) {
      await subscriptions.insertAttempt(trx, row)
    }
  })
  return toAttempt(row)
}

/**
 * Sends one event of the workspace to the subscription again, now, with its original id (so the
 * receiver can tell it is a repeat). One attempt, logged, not retried; it does not touch the
 * queue, and works on a disabled subscription too (to check that an endpoint is back).
 */
export async function redeliverEvent(
  db: Db,
  tenantId: string,
  subscriptionId: string,
  eventId: string,
  clock: Clock,
): Promise<Attempt> {
  const subscription = await findSubscriptionRow(db, tenantId, subscriptionId)
  const event = await findEvent(db, tenantId, eventId)
  if (!event) throw notFound('Event')
  return attemptByHand(
    db,
    subscription,
    { id: event.id, type: event.type, body: event.payload },
    'manual',
    clock,
  )
}

/** Sends a `webhook.test` event, signed like any other, and logs the attempt. */
export async function sendTestEvent(
  db: Db,
  tenantId: string,
  subscriptionId: string,
  clock: Clock,
): Promise<Attempt> {
  const subscription = await findSubscriptionRow(db, tenantId, subscriptionId)
  const id = newId()
  const body = JSON.stringify({
    id,
    type: testEventType,
    version: eventPayloadVersion,
    createdAt: clock.now().toISOString(),
    tenantId,
    data: {
      object: {
        subscriptionId,
        message: 'A test event from Outpost: your endpoint is reachable and can verify signatures.',
      },
    },
  })
  return attemptByHand(db, subscription, { id, type: testEventType, body }, 'test', clock)
}
