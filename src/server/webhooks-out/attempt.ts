import { newId } from '../ids'
import type { Selectable } from 'kysely'
import type { Clock } from '../clock'
import type { AttemptTrigger, WebhookAttemptTable, WebhookSubscriptionTable } from '../db/database'
import { sendWebhook, type SendResult } from './http-sender'
import { unseal } from '../sealing/sealed-text'
import { webhookHeaders } from './signature'

export type SubscriptionRow = Selectable<WebhookSubscriptionTable>

/**
 * The secrets that sign now, unsealed: the current one, and the previous one during its 24 hours.
 * None when the current one cannot be read (its sealing key is lost: sealing/reset.ts).
 */
export function activeSecrets(subscription: SubscriptionRow, now: Date): string[] {
  const { secret, previousSecret, previousSecretExpiresAt } = subscription
  const current = unseal(secret)
  if (current === null) return []
  const previousLive =
    previousSecret && previousSecretExpiresAt && previousSecretExpiresAt > now.toISOString()
  const previous = previousLive ? unseal(previousSecret) : null
  return previous === null ? [current] : [current, previous]
}

// An attempt that was never sent: nothing may go out unsigned.
const unsigned: SendResult = {
  succeeded: false,
  responseStatus: null,
  responseExcerpt: null,
  error: 'signing_secret_unreadable',
  retryAfter: null,
  durationMs: 0,
}

export interface Message {
  /** The event id: webhook-id, the same on every attempt. */
  id: string
  type: string
  /** The event JSON, exactly as sent. */
  body: string
}

export interface MadeAttempt {
  attemptedAt: Date
  result: SendResult
}

/** Signs the message for this moment and POSTs it to the subscription's URL. */
export async function makeAttempt(
  subscription: SubscriptionRow,
  message: Message,
  clock: Clock,
): Promise<MadeAttempt> {
  const attemptedAt = clock.now()
  const secrets = activeSecrets(subscription, attemptedAt)
  if (secrets.length === 0) return { attemptedAt, result: unsigned }
  const headers = webhookHeaders(
    { id: message.id, sentAt: attemptedAt, body: message.body },
    secrets,
  )
  const result = await sendWebhook({ url: subscription.url, body: message.body, headers })
  return { attemptedAt, result }
}

/** The delivery-log row of an attempt. */
export function attemptRow(
  subscription: SubscriptionRow,
  message: Message,
  made: MadeAttempt,
  details: { trigger: AttemptTrigger; attemptNumber?: number; nextAttemptAt?: string | null },
): Omit<Selectable<WebhookAttemptTable>, 'seq'> {
  const { result } = made
  return {
    id: newId(),
    tenantId: subscription.tenantId,
    subscriptionId: subscription.id,
    eventId: message.id,
    eventType: message.type,
    trigger: details.trigger,
    attemptNumber: details.attemptNumber ?? null,
    attemptedAt: made.attemptedAt.toISOString(),
    durationMs: result.durationMs,
    succeeded: result.succeeded ? 1 : 0,
    responseStatus: result.responseStatus,
    responseExcerpt: result.responseExcerpt,
    error: result.error,
    nextAttemptAt: details.nextAttemptAt ?? null,
  }
}

/** One line for the server log: never the URL (it may hold a token) and never a secret. */
export function describeOutcome(result: SendResult): string {
  if (result.responseStatus === null) return result.error ?? 'no answer'
  if (result.error === 'timeout') return `timeout: HTTP ${result.responseStatus}, its body stalled`
  return `HTTP ${result.responseStatus}`
}
