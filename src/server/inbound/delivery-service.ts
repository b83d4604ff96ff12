// A delivery taken through its webhook into intake, and logged whatever its outcome: the log
// entry is what the sender is answered, and what a replay shows.

import { inTransaction, type Db } from '../db/connection'
import { ApiError, type ErrorDetails } from '../http/errors'
import { receiveRecord } from '../intake/service'
import { parsePayload, tooLarge } from './body'
import {
  getDeliveryRow,
  logDelivery,
  type IncomingDelivery,
  type RequestContext,
} from './delivery-log'
import type { Delivery, InboundWebhook } from './schema'
import {
  assertNotRevoked,
  getWebhookRow,
  intakeSettingsOf,
  ownerCursor,
  toWebhook,
} from './service'

const disabled = () =>
  new ApiError('webhook_disabled', 'This inbound webhook is disabled in Outpost')

/**
 * The payload with the request's query string and headers beside it, as `query` and `headers`
 * (`{{query.utm_source}}`); a body's own `query` or `headers` field wins.
 */
function withContext(payload: Record<string, unknown>, context: RequestContext | undefined) {
  return context ? { query: context.query, headers: context.headers, ...payload } : payload
}

/** Takes a delivery in and logs it, in one transaction; anything refused is a thrown ApiError. */
async function takeIn(
  db: Db,
  webhook: InboundWebhook,
  incoming: IncomingDelivery,
  now: Date,
  options: { ignoreDisabled?: boolean },
): Promise<Delivery> {
  if (!webhook.enabled && !options.ignoreDisabled) throw disabled()
  if (!incoming.body.bytes) throw tooLarge()
  const payload = withContext(
    await parsePayload(incoming.body.bytes, incoming.contentType),
    incoming.context,
  )
  const settings = intakeSettingsOf(webhook)
  return inTransaction(db, async (trx) => {
    const owners = ownerCursor(webhook.id)
    const { tenantId } = webhook
    const { result } = await receiveRecord(trx, tenantId, settings, payload, owners, now)
    return logDelivery(trx, webhook, incoming, result, now)
  })
}

/** A refused delivery as the log keeps it: the error envelope the sender is answered. */
function rejection(error: ApiError) {
  const { code, message, details } = error
  const response = { error: { code, message, ...(details ? { details } : {}) } }
  return {
    outcome: 'rejected' as const,
    status: error.status,
    response,
    personId: null,
    dealId: null,
  }
}

/**
 * Takes one delivery through the webhook: refuses it when the webhook is disabled (unless
 * `ignoreDisabled`, for replays), parses the body, and hands it to intake, writing the records and
 * the log entry in one transaction. Everything on the way throws its refusal as an ApiError; this
 * is the one place it is caught, and logged with the answer it gets, so it can be replayed once the
 * cause is fixed. The log entry is returned whatever the outcome. An unexpected failure is logged
 * as a 500 and rethrown, for the app's error handler to report.
 */
export async function processDelivery(
  db: Db,
  webhook: InboundWebhook,
  incoming: IncomingDelivery,
  now: Date,
  options: { ignoreDisabled?: boolean } = {},
): Promise<Delivery> {
  try {
    return await takeIn(db, webhook, incoming, now, options)
  } catch (error) {
    const refusal =
      error instanceof ApiError
        ? error
        : new ApiError('internal', 'Something went wrong on our side')
    const logged = await logDelivery(db, webhook, incoming, rejection(refusal), now)
    if (refusal !== error) throw error
    return logged
  }
}

/**
 * Logs a delivery whose sender could not be verified, with the reason for the webhook's owner to
 * read in the request log. The sender is answered a bare 401 (inbound/public-routes.ts): which
 * part failed is no business of whoever sent it.
 */
export async function logUnverified(
  db: Db,
  webhook: InboundWebhook,
  incoming: IncomingDelivery,
  reason: string,
  now: Date,
): Promise<void> {
  const refusal = new ApiError('unauthorized', unverifiedMessage, { reason })
  await logDelivery(db, webhook, incoming, rejection(refusal), now)
}

/**
 * Refuses a delivery whose id was first taken in with another body, and logs it: answering it
 * with the first delivery's answer would drop it without a trace (a sender reusing ids for
 * different submissions), while the log keeps it to read and replay.
 */
export async function refuseReusedId(
  db: Db,
  webhook: InboundWebhook,
  incoming: IncomingDelivery,
  now: Date,
): Promise<never> {
  const refusal = new ApiError(
    'idempotency_key_reused',
    'This delivery id was first used for a delivery with another body: a new delivery needs an id of its own',
  )
  await logDelivery(db, webhook, incoming, rejection(refusal), now)
  throw refusal
}

export const unverifiedMessage = 'This delivery could not be verified'

/**
 * Runs a logged delivery again, as if its body had just arrived, through the webhook's current
 * settings (so a mapping fixed since is used), even while the webhook is disabled. The replay is
 * a new log entry pointing at the original.
 */
export async function replayDelivery(
  db: Db,
  tenantId: string,
  webhookId: string,
  id: string,
  now: Date,
): Promise<Delivery> {
  const row = await getWebhookRow(db, tenantId, webhookId)
  assertNotRevoked(row)
  const original = await getDeliveryRow(db, tenantId, webhookId, id)
  if (!original.body || original.keptBytes < original.bodySize) {
    const details: ErrorDetails = { bodySize: original.bodySize }
    throw new ApiError(
      'not_replayable',
      original.body
        ? 'Only the start of this rejected delivery’s body was kept; ask the sender to send it again'
        : 'The body of this delivery was over the size limit and was not kept',
      details,
    )
  }
  const incoming = {
    contentType: original.contentType,
    body: { bytes: original.body, size: original.bodySize },
    replayOf: original.id,
    context: original.requestContext
      ? (JSON.parse(original.requestContext) as RequestContext)
      : undefined,
  }
  return processDelivery(db, toWebhook(row), incoming, now, { ignoreDisabled: true })
}
