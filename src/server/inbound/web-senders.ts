// What web pages and providers need of an inbound URL besides taking a delivery: a site's
// script posting with fetch (CORS), a plain HTML form whose browser expects a page (a 303 to the
// site's thank-you page), and the challenges some providers send to check an endpoint is theirs.

import { mediaType } from './body'
import type { InboundWebhook } from './schema'

type WebSettings = Pick<InboundWebhook, 'allowedOrigins' | 'redirectUrl'>

// What a page's script may send besides the simple headers: the body's type, and the ids that
// make a retry safe.
const allowedRequestHeaders = 'Content-Type, Idempotency-Key, Webhook-Id'

/** The CORS headers for a request from `origin`, or null when that origin may not post here. */
export function corsHeaders(
  webhook: WebSettings,
  origin: string | undefined,
): Record<string, string> | null {
  if (!origin) return null
  const allowed = webhook.allowedOrigins.includes('*') || webhook.allowedOrigins.includes(origin)
  return allowed ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : null
}

/** A preflight's answer headers for an allowed origin. */
export const preflightHeaders = (cors: Record<string, string>) => ({
  ...cors,
  'Access-Control-Allow-Methods': 'POST',
  'Access-Control-Allow-Headers': allowedRequestHeaders,
  'Access-Control-Max-Age': '600',
})

const formTypes = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/**
 * Where to send a browser that posted a plain HTML form, or null to answer JSON: only when the
 * webhook names a page, the body is a form and the client asked for HTML (a browser navigating;
 * a script's fetch asks for anything else). The page learns how it went from `?outpost=`.
 */
export function formRedirect(
  webhook: WebSettings,
  request: { contentType: string | null; accept: string | undefined },
  answer: { status: number; code?: string },
): string | null {
  if (!webhook.redirectUrl || !formTypes.has(mediaType(request.contentType))) return null
  if (!/\btext\/html\b/.test(request.accept ?? '')) return null
  const url = new URL(webhook.redirectUrl)
  if (answer.status < 400) url.searchParams.set('outpost', 'ok')
  else {
    url.searchParams.set('outpost', 'error')
    if (answer.code) url.searchParams.set('code', answer.code)
  }
  return url.href
}

// A challenge is echoed as plain text: short, and of the characters providers use.
const challengeShape = /^[\w.~+/=:-]{1,200}$/

/**
 * The challenge a provider's GET check asks to have echoed (Meta's `hub.challenge`, Dropbox's
 * `challenge`), or null. The URL's token already proves the endpoint is the user's.
 */
export function getChallenge(url: URL): string | null {
  const challenge = url.searchParams.get('hub.challenge') ?? url.searchParams.get('challenge')
  return challenge && challengeShape.test(challenge) ? challenge : null
}

/**
 * Mailchimp's check of a webhook's URL as it is saved: a GET (some accounts: a POST with no body)
 * from its validator, which must be answered 200 or the webhook is refused ("We couldn't verify
 * the URL is working"). Its deliveries, form bodies, are taken in as any other.
 */
export function isMailchimpCheck(userAgent: string | undefined, bodySize: number): boolean {
  return bodySize === 0 && /mailchimp/i.test(userAgent ?? '')
}

/** Slack's URL verification, posted as JSON: `{"type": "url_verification", "challenge": …}`. */
export function postedChallenge(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null
  const { type, challenge } = payload as { type?: unknown; challenge?: unknown }
  return type === 'url_verification' &&
    typeof challenge === 'string' &&
    challengeShape.test(challenge)
    ? challenge
    : null
}
