// The sender's own id for a delivery, which a retry repeats: Standard Webhooks' `webhook-id`, an
// `Idempotency-Key`, Shopify's `X-Shopify-Webhook-Id`, or a value at a configured path of the
// body (data.id) for senders that send none of these. Outpost answers a retry with the first
// delivery's answer (idempotency/).

import { compileField, evaluateValue } from '../intake/mapping'
import { parsePayload, type ReceivedBody } from './body'
import type { InboundWebhook } from './schema'

const maxIdLength = 255

// The headers senders repeat on a retry, in the order they are read: Standard Webhooks', the
// idempotency key (Stripe's, and the IETF draft's), and the id Shopify sends with each webhook and
// resends unchanged with its retries, documented for spotting duplicates.
const idHeaders = ['webhook-id', 'idempotency-key', 'x-shopify-webhook-id']

/** `path` as the placeholder it is read as; a bad path is the 400 naming deliveryIdPath. */
export const compileDeliveryIdPath = (path: string) => compileField('deliveryIdPath', `{{${path}}}`)

export async function deliveryIdOf(
  webhook: Pick<InboundWebhook, 'deliveryIdPath'>,
  headers: Headers,
  contentType: string | null,
  body: ReceivedBody,
): Promise<string | null> {
  const fromHeader = idHeaders.map((name) => headers.get(name)?.trim()).find(Boolean)
  if (fromHeader) return fromHeader.slice(0, maxIdLength)
  if (!webhook.deliveryIdPath || !body.bytes) return null
  // A body that cannot be read has no id; the delivery then fails as it would anyway.
  const payload = await parsePayload(body.bytes, contentType).catch(() => null)
  if (!payload) return null
  const value = evaluateValue(compileDeliveryIdPath(webhook.deliveryIdPath), payload)
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const id = String(value).trim()
  return id ? id.slice(0, maxIdLength) : null
}
