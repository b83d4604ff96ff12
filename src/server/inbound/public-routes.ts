import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppDeps, AppEnv } from '../app-env'
import { clientAddress } from '../http/client-address'
import { ApiError } from '../http/errors'
import { finishReadingBody } from '../http/unread-body'
import { claimKey, keepAnswer, releaseKey } from '../idempotency/service'
import { jsonObjectOf, mediaType, readBody, recordsOfArray, type ReceivedBody } from './body'
import { deliveryIdOf } from './delivery-id'
import type { RequestContext } from './delivery-log'
import type { InboundWebhook } from './schema'
import {
  corsHeaders,
  formRedirect,
  getChallenge,
  isMailchimpCheck,
  postedChallenge,
  preflightHeaders,
} from './web-senders'
import {
  logUnverified,
  processDelivery,
  refuseReusedId,
  unverifiedMessage,
} from './delivery-service'
import { dryRunBody } from './dry-run'
import { findWebhookByToken, verificationOf } from './service'
import { verifyDelivery } from './verification'
import { actingAs } from '../events/actor'

// Credentials a sender may put in headers are never kept or mapped, nor the header a webhook's
// shared secret comes in (verification kind `header`): the log would hold the secret in clear.
const privateHeaders = new Set(['authorization', 'cookie', 'proxy-authorization'])

/**
 * Whether `?dryRun=` asks for a dry run. A value it cannot read is refused rather than taken for
 * "no": a test delivery with `?dryRun=yes` would otherwise create the person for real.
 */
function isDryRun(values: string[] | undefined): boolean {
  if (!values) return false
  const value = values.length === 1 ? values[0]!.toLowerCase() : undefined
  if (value === '1' || value === 'true') return true
  if (value === '0' || value === 'false') return false
  const message =
    values.length === 1 ? 'dryRun must be 1, true, 0 or false' : 'dryRun must be given once'
  throw new ApiError('invalid_request', message, { field: 'dryRun' })
}

/** What mappings read besides the body: `{{query.utm_source}}`, `{{headers.user-agent}}`. */
function requestContext(request: Request, webhook: InboundWebhook): RequestContext {
  const { kind, header } = webhook.verification
  const secretHeader = kind === 'header' ? header?.toLowerCase() : undefined
  // No prototype: a parameter named __proto__ is a name like any other.
  const query: Record<string, string> = Object.create(null)
  for (const [name, value] of new URL(request.url).searchParams) {
    if (name !== 'dryRun' && !Object.hasOwn(query, name)) query[name] = value
  }
  const headers: Record<string, string> = Object.create(null)
  for (const [name, value] of request.headers) {
    if (!privateHeaders.has(name) && name !== secretHeader) headers[name] = value
  }
  return { query, headers }
}

/** The URL as the sender addressed it: through the tunnel, its public scheme and host. */
function addressedUrl(request: Request): string {
  const url = new URL(request.url)
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim()
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host')
  return `${proto ?? url.protocol.replace(':', '')}://${host ?? url.host}${url.pathname}${url.search}`
}

/** The body as a JSON object, if it is one (a provider's challenge is); otherwise undefined. */
function jsonOf(bytes: Buffer | null, contentType: string | null): unknown {
  if (!bytes || bytes.length > 10_000 || !/json|^$/.test(mediaType(contentType))) return undefined
  return jsonObjectOf(bytes)
}

/** The error code of a JSON answer, for the page a form's browser is sent to. */
function errorCodeOf(answer: string): string | undefined {
  try {
    return (JSON.parse(answer) as { error?: { code?: string } }).error?.code
  } catch {
    return undefined
  }
}

/** Requests to unknown tokens a source address may make per minute; more answer 429. */
export const unknownTokenRequestsPerMinute = 60

/**
 * /webhooks/in/<token>: the public intake URL. No bearer token: the URL token is the credential.
 * The body is read here, under its own size limit, in any of the media types senders use.
 */
export function inboundPublicRoutes({ db, clock, rateLimiter }: AppDeps) {
  /**
   * Runs a delivery the first time its sender's id is seen; a retry of it (the same body, while
   * the first runs or within 24 hours) gets the first answer. A refused delivery keeps nothing:
   * its retry runs. The id with another body is `refuseReused`.
   */
  const oncePerDelivery = async (
    delivery: { scope: string; key: string; body: ReceivedBody },
    deliver: () => Promise<{ status: number; body: string }>,
    refuseReused: () => Promise<never>,
  ) => {
    const { scope, key } = delivery
    const requestHash = createHash('sha256')
      .update(delivery.body.bytes ?? '')
      .digest('base64url')
    const claim = await claimKey(db, { scope, key, requestHash, sameRequestOnly: true }, clock)
    if (claim.kind === 'mismatch') return refuseReused()
    if (claim.kind === 'replay') return { ...claim.answer, replayed: true }
    if (claim.kind !== 'run') {
      throw new ApiError(
        'idempotency_key_in_use',
        'This delivery is still being taken in; retry later',
      )
    }
    try {
      const answer = await deliver()
      if (answer.status < 400) await keepAnswer(db, scope, key, { ...answer, headers: {} })
      else await releaseKey(db, scope, key)
      return { ...answer, replayed: false }
    } catch (error) {
      await releaseKey(db, scope, key)
      throw error
    }
  }
  // Guessing tokens costs a guesser its address's budget, not the server's time or disk.
  const unknownToken = async (c: Context) => {
    const limit = await rateLimiter.admit(
      `inbound-unknown:${clientAddress(c)}`,
      unknownTokenRequestsPerMinute,
    )
    return new ApiError('not_found', 'No inbound webhook at this URL', undefined, limit.headers)
  }
  // finishReadingBody here as well as in the main app: the tunnel's listener serves these alone.
  return new Hono<AppEnv>()
    .use('*', finishReadingBody())
    .post('/:token', async (c) => {
      const webhook = await findWebhookByToken(db, c.req.param('token'))
      if (!webhook) throw await unknownToken(c)
      const limit = await rateLimiter.admit(`inbound:${webhook.id}`, webhook.rateLimitPerMinute)
      const contentType = c.req.header('content-type') ?? null
      const body = await readBody(c.req.raw)
      // From here every answer carries the RateLimit headers (and, for a page allowed to post,
      // the CORS ones), an error's too: onError answers through this context.
      const cors = corsHeaders(webhook, c.req.header('origin')) ?? {}
      for (const [name, value] of Object.entries({ ...limit.headers, ...cors })) {
        c.header(name, value)
      }
      const context = requestContext(c.req.raw, webhook)
      if (webhook.verification.kind !== 'none' && body.bytes) {
        const verdict = verifyDelivery(
          await verificationOf(db, webhook),
          {
            method: 'POST',
            url: addressedUrl(c.req.raw),
            headers: c.req.raw.headers,
            body: body.bytes,
          },
          clock.now(),
        )
        if (!verdict.ok) {
          const incoming = { contentType, body, context }
          await logUnverified(db, webhook, incoming, verdict.reason, clock.now())
          throw new ApiError('unauthorized', unverifiedMessage)
        }
      }
      const challenge = postedChallenge(jsonOf(body.bytes, contentType))
      if (challenge) return c.json({ challenge }, 200)
      if (isMailchimpCheck(c.req.header('user-agent'), body.size)) return c.json({ ok: true }, 200)
      if (isDryRun(c.req.queries('dryRun'))) {
        return c.json(await dryRunBody(db, webhook, contentType, body, clock.now()), 200)
      }
      const sender = actingAs(db, { kind: 'inbound', name: webhook.name })
      const takeIn = (incoming: ReceivedBody, type: string | null) =>
        processDelivery(
          sender,
          webhook,
          { contentType: type, body: incoming, context },
          clock.now(),
        )
      const deliver = async () => {
        const records = recordsOfArray(body.bytes, contentType)
        if (!records) {
          const delivery = await takeIn(body, contentType)
          return { status: delivery.status, body: JSON.stringify(delivery.response) }
        }
        // An array: each record a delivery of its own, in the log too, each with its answer.
        const results = []
        for (const [index, record] of records.entries()) {
          const bytes = Buffer.from(JSON.stringify(record))
          const delivery = await takeIn({ bytes, size: bytes.length }, 'application/json')
          results.push({ index, status: delivery.status, response: delivery.response })
        }
        return { status: 200, body: JSON.stringify({ results }) }
      }
      const deliveryId = await deliveryIdOf(webhook, c.req.raw.headers, contentType, body)
      const answer = deliveryId
        ? await oncePerDelivery(
            { scope: `inbound:${webhook.id}`, key: deliveryId, body },
            deliver,
            () => refuseReusedId(db, webhook, { contentType, body, context }, clock.now()),
          )
        : { ...(await deliver()), replayed: false }
      if (answer.replayed) c.header('Idempotent-Replayed', 'true')
      const page = formRedirect(
        webhook,
        { contentType, accept: c.req.header('accept') },
        { status: answer.status, code: errorCodeOf(answer.body) },
      )
      if (page) return c.redirect(page, 303)
      return c.body(answer.body, answer.status as ContentfulStatusCode, {
        'Content-Type': 'application/json',
      })
    })
    .options('/:token', async (c) => {
      const webhook = await findWebhookByToken(db, c.req.param('token'))
      if (!webhook) throw await unknownToken(c)
      const cors = corsHeaders(webhook, c.req.header('origin'))
      if (!cors) {
        throw new ApiError('forbidden', 'Pages of this origin may not post to this webhook', {
          origin: c.req.header('origin') ?? null,
        })
      }
      return c.body(null, 204, preflightHeaders(cors))
    })
    .get('/:token', async (c) => {
      if (!(await findWebhookByToken(db, c.req.param('token')))) throw await unknownToken(c)
      const challenge = getChallenge(new URL(c.req.url))
      if (challenge) return c.text(challenge, 200, { 'X-Content-Type-Options': 'nosniff' })
      if (isMailchimpCheck(c.req.header('user-agent'), 0)) return c.json({ ok: true }, 200)
      throw new ApiError('method_not_allowed', 'Deliveries are POST requests', undefined, {
        Allow: 'POST',
      })
    })
    .all('/:token', async (c) => {
      if (!(await findWebhookByToken(db, c.req.param('token')))) throw await unknownToken(c)
      throw new ApiError('method_not_allowed', 'Deliveries are POST requests', undefined, {
        Allow: 'POST',
      })
    })
}
