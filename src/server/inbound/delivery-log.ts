// The request log of an inbound webhook: every delivery with its outcome and the answer it got,
// readable for support and replays. Bounded whatever is sent to a leaked URL: kept 30 days, and
// per webhook at most `logMaxRequests` deliveries and `logMaxBytes` of bodies, the newest; a
// rejected delivery keeps only the start of its body, enough to see what went wrong.

import { newId } from '../ids'
import type { Selectable } from 'kysely'
import { inTransaction, type Db } from '../db/connection'
import type { InboundDeliveryTable } from '../db/database'
import { notFound } from '../http/errors'
import { paginate, type Page, type PageRequest } from '../http/pagination'
import type { ReceivedBody } from './body'
import * as inbound from './repository'
import type { Delivery, InboundWebhook } from './schema'
import { getWebhookRow } from './service'
import { withoutSecret } from './verification'

/** Deliveries older than this are pruned. */
export const deliveryRetentionDays = 30
/** A rejected delivery keeps this much of its body. */
export const rejectedBodyKeptBytes = 4 * 1024

/** A delivery as it arrived. */
export interface IncomingDelivery {
  contentType: string | null
  body: ReceivedBody
  /** The delivery this one replays. */
  replayOf?: string
  /** The request's query string and headers, which mappings read as {{query.x}}, {{headers.x}}. */
  context?: RequestContext
}

export interface RequestContext {
  query: Record<string, string>
  headers: Record<string, string>
}

/** What became of a delivery, as the log keeps it. */
export type LoggedOutcome = Pick<
  Delivery,
  'outcome' | 'status' | 'response' | 'personId' | 'dealId'
>

export function toDelivery(row: Selectable<InboundDeliveryTable>): Delivery {
  const response = JSON.parse(row.response) as Delivery['response']
  return {
    id: row.id,
    webhookId: row.webhookId,
    receivedAt: row.receivedAt,
    contentType: row.contentType,
    body: row.body ? row.body.toString('utf8') : null,
    bodySize: row.bodySize,
    bodyTruncated: row.body !== null && row.keptBytes < row.bodySize,
    outcome: row.outcome,
    status: row.status,
    response,
    error: (response.error as Delivery['error'] | undefined) ?? null,
    personId: row.personId,
    dealId: row.dealId,
    replayOf: row.replayOf,
  }
}

/** Writes a delivery to the log and prunes the log by age and count. */
export async function logDelivery(
  db: Db,
  webhook: InboundWebhook,
  incoming: IncomingDelivery,
  result: LoggedOutcome,
  now: Date,
): Promise<Delivery> {
  // The secret out first: a rejected body cut short could end inside it.
  const bytes = incoming.body.bytes && withoutSecret(webhook.verification.kind, incoming.body.bytes)
  const kept = result.outcome === 'rejected' ? bytes?.subarray(0, rejectedBodyKeptBytes) : bytes
  const row: Selectable<InboundDeliveryTable> = {
    seq: 0,
    id: newId(),
    tenantId: webhook.tenantId,
    webhookId: webhook.id,
    receivedAt: now.toISOString(),
    contentType: incoming.contentType,
    body: kept ?? null,
    bodySize: incoming.body.size,
    keptBytes: kept?.length ?? 0,
    outcome: result.outcome,
    status: result.status,
    response: JSON.stringify(result.response),
    personId: result.personId,
    dealId: result.dealId,
    replayOf: incoming.replayOf ?? null,
    requestContext: incoming.context ? JSON.stringify(incoming.context) : null,
  }
  const { seq: _seq, ...values } = row
  return inTransaction(db, async (trx) => {
    await inbound.insertDelivery(trx, values)
    const cutoff = new Date(now.getTime() - deliveryRetentionDays * 86_400_000)
    await inbound.deleteDeliveriesBefore(trx, cutoff.toISOString())
    // Triggers keep the log's totals (migration 2026-11-27T0910-inbound-log-totals): a full log
    // loses its oldest delivery by a seek, not a walk past the newest 500 (bench/ W7).
    let totals = await inbound.logTotalsOf(trx, webhook.id)
    if (totals.requests > webhook.logMaxRequests) {
      const over = totals.requests - webhook.logMaxRequests
      await inbound.deleteOldestDeliveries(trx, webhook.id, over)
      totals = await inbound.logTotalsOf(trx, webhook.id)
    }
    if (totals.keptBytes > webhook.logMaxBytes) {
      await inbound.deleteDeliveriesOverBytes(trx, webhook.id, webhook.logMaxBytes)
    }
    return toDelivery(row)
  })
}

export async function listDeliveries(
  db: Db,
  tenantId: string,
  webhookId: string,
  request: PageRequest,
): Promise<Page<Delivery>> {
  await getWebhookRow(db, tenantId, webhookId)
  const page = await paginate(
    request,
    () => inbound.countDeliveries(db, webhookId),
    (limit, offset) => inbound.listDeliveries(db, webhookId, limit, offset),
  )
  return { ...page, data: page.data.map(toDelivery) }
}

/** A logged delivery of a webhook (the caller has checked the webhook), or a 404. */
export async function getDeliveryRow(db: Db, tenantId: string, webhookId: string, id: string) {
  const row = await inbound.findDelivery(db, tenantId, webhookId, id)
  if (!row) throw notFound('Delivery')
  return row
}

export async function getDelivery(
  db: Db,
  tenantId: string,
  webhookId: string,
  id: string,
): Promise<Delivery> {
  await getWebhookRow(db, tenantId, webhookId)
  return toDelivery(await getDeliveryRow(db, tenantId, webhookId, id))
}
