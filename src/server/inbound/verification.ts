// Who sent a delivery: a shared secret in a header (Google Ads': in the body), or a provider's
// signature over the raw body, checked the way each provider documents it, in constant time, with
// 5 minutes of clock skew allowed and older signatures refused (a captured delivery cannot be
// sent again later).

import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

import type { VerificationKind } from '../../shared/verification-kinds'
import { jsonObjectOf } from './body'

export {
  namesItsHeader,
  verificationKinds,
  type VerificationKind,
} from '../../shared/verification-kinds'

/** How far a signed timestamp may be from Outpost's clock, either way. */
export const toleranceSeconds = 5 * 60

export interface SignedRequest {
  method: string
  /** The URL as the sender addressed it (scheme and host included), for HubSpot's signature. */
  url: string
  headers: Headers
  body: Buffer
}

export type Verdict = { ok: true } | { ok: false; reason: string }

const fail = (reason: string): Verdict => ({ ok: false, reason })
const pass: Verdict = { ok: true }

/** Equal texts, compared in constant time whatever their lengths. */
function same(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(a), digest(b))
}

const hmac = (key: string | Buffer, data: string | Buffer) => createHmac('sha256', key).update(data)

function withinTolerance(seconds: number, now: Date): boolean {
  return Number.isFinite(seconds) && Math.abs(now.getTime() / 1000 - seconds) <= toleranceSeconds
}

/** `t=1492774577,v1=5257a8…,v1=…` (Stripe, Calendly): the timestamp and every v1 signature. */
function timestampedParts(header: string | null) {
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='))
  const t = parts.find(([name]) => name === 't')?.[1]
  const v1 = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '')
  return { t, v1 }
}

function timestamped(header: string | null, secret: string, body: Buffer, now: Date): Verdict {
  const { t, v1 } = timestampedParts(header)
  if (!t || v1.length === 0) return fail('signature header missing or malformed')
  if (!withinTolerance(Number(t), now)) return fail('timestamp outside the tolerance')
  const expected = hmac(secret, Buffer.concat([Buffer.from(`${t}.`), body])).digest('hex')
  return v1.some((signature) => same(signature, expected)) ? pass : fail('signature mismatch')
}

function standardWebhooks(request: SignedRequest, secret: string, now: Date): Verdict {
  const id = request.headers.get('webhook-id')
  const timestamp = request.headers.get('webhook-timestamp')
  const signatures = request.headers.get('webhook-signature')
  if (!id || !timestamp || !signatures) return fail('webhook-id, -timestamp or -signature missing')
  if (!withinTolerance(Number(timestamp), now)) return fail('timestamp outside the tolerance')
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = hmac(
    key,
    Buffer.concat([Buffer.from(`${id}.${timestamp}.`), request.body]),
  ).digest('base64')
  const matches = signatures
    .split(' ')
    .map((entry) => entry.split(','))
    .some(([version, signature]) => version === 'v1' && same(signature ?? '', expected))
  return matches ? pass : fail('signature mismatch')
}

function prefixed(header: string | null, expected: string): Verdict {
  if (!header) return fail('signature header missing')
  return same(header, expected) ? pass : fail('signature mismatch')
}

function hubspotV3(request: SignedRequest, secret: string, now: Date): Verdict {
  const signature = request.headers.get('x-hubspot-signature-v3')
  const timestamp = request.headers.get('x-hubspot-request-timestamp')
  if (!signature || !timestamp) return fail('signature or timestamp header missing')
  // Milliseconds, and HubSpot refuses anything older than five minutes itself.
  if (!withinTolerance(Number(timestamp) / 1000, now))
    return fail('timestamp outside the tolerance')
  const signed = Buffer.concat([
    Buffer.from(`${request.method}${decodeURIComponent(request.url)}`),
    request.body,
    Buffer.from(timestamp),
  ])
  return same(signature, hmac(secret, signed).digest('base64')) ? pass : fail('signature mismatch')
}

// Google Ads lead forms send no header to check: the key set on the form comes in the body.
const googleKey = /("google_key"\s*:\s*)"(?:[^"\\]|\\.)*"/g

function googleAds(body: Buffer, secret: string): Verdict {
  const lead = jsonObjectOf(body)
  if (!lead) return fail('body is not a JSON object')
  const key = lead.google_key
  if (typeof key !== 'string') return fail('google_key missing')
  return same(key, secret) ? pass : fail('google_key mismatch')
}

/**
 * The body as the request log may keep it: a kind whose secret travels in the body (Google Ads'
 * `google_key`) has it replaced by "[removed]", the rest of the text as it came.
 */
export function withoutSecret(kind: VerificationKind, body: Buffer): Buffer {
  if (kind !== 'google-ads') return body
  const text = body.toString('utf8')
  const kept = text.replace(googleKey, '$1"[removed]"')
  return kept === text ? body : Buffer.from(kept)
}

/**
 * A sender that signs the body with HMAC-SHA256 in a header of its own, as Shopify
 * (X-Shopify-Hmac-Sha256), WooCommerce (X-WC-Webhook-Signature), Tally (Tally-Signature) and
 * Cal.com (X-Cal-Signature-256) do: the signature in hex or base64, `sha256=` before it or not.
 */
function bodyHmac(header: string | null, secret: string, body: Buffer): Verdict {
  if (!header) return fail('signature header missing')
  const signature = header.trim().replace(/^sha256=/i, '')
  const digest = hmac(secret, body).digest()
  const matches =
    same(signature.toLowerCase(), digest.toString('hex')) ||
    same(signature, digest.toString('base64'))
  return matches ? pass : fail('signature mismatch')
}

/**
 * Whether a delivery comes from the sender the webhook expects. `secret` is null when none is
 * stored (or it can no longer be unsealed): every delivery then fails, rather than passing.
 */
export function verifyDelivery(
  settings: { kind: VerificationKind; header: string | null; secret: string | null },
  request: SignedRequest,
  now: Date,
): Verdict {
  const { kind, secret } = settings
  if (kind === 'none') return pass
  if (!secret) return fail('no secret is set for this webhook')
  const { headers, body } = request
  switch (kind) {
    case 'header':
      return prefixed(headers.get(settings.header ?? ''), secret)
    case 'standard-webhooks':
      return standardWebhooks(request, secret, now)
    case 'stripe':
      return timestamped(headers.get('stripe-signature'), secret, body, now)
    case 'calendly':
      return timestamped(headers.get('calendly-webhook-signature'), secret, body, now)
    case 'github':
      return prefixed(
        headers.get('x-hub-signature-256'),
        `sha256=${hmac(secret, body).digest('hex')}`,
      )
    case 'typeform':
      return prefixed(
        headers.get('typeform-signature'),
        `sha256=${hmac(secret, body).digest('base64')}`,
      )
    case 'hubspot-v3':
      return hubspotV3(request, secret, now)
    case 'google-ads':
      return googleAds(body, secret)
    case 'hmac-sha256':
      return bodyHmac(headers.get(settings.header ?? ''), secret, body)
  }
}
