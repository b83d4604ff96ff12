import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppDeps, AppEnv } from '../app-env'
import { clientAddress } from '../http/client-address'
import { ApiError } from '../http/errors'
import { finishReadingBody } from '../http/unread-body'
import { readBody } from './body'
import { processDelivery } from './delivery-service'
import { dryRunBody } from './dry-run'
import { findWebhookByToken } from './service'
import { actingAs } from '../events/actor'

/** Requests to unknown tokens a source address may make per minute; more answer 429. */
export const unknownTokenRequestsPerMinute = 60

/**
 * /webhooks/in/<token>: the public intake URL. No bearer token: the URL token is the credential.
 * The body is read here, under its own size limit, in any of the media types senders use.
 */
export function inboundPublicRoutes({ db, clock, rateLimiter }: AppDeps) {
  // Guessing tokens costs a guesser its address's budget, not the server's time or disk.
  const unknownToken = (c: Context) => {
    const limit = rateLimiter.admit(
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
      if (!webhook) throw unknownToken(c)
      const limit = rateLimiter.admit(`inbound:${webhook.id}`, webhook.rateLimitPerMinute)
      const contentType = c.req.header('content-type') ?? null
      const body = await readBody(c.req.raw)
      // From here every answer carries the RateLimit headers, an error's too (onError answers
      // through this context).
      for (const [name, value] of Object.entries(limit.headers)) c.header(name, value)
      const dryRun = c.req.query('dryRun')
      if (dryRun === '1' || dryRun === 'true') {
        return c.json(await dryRunBody(db, webhook, contentType, body, clock.now()), 200)
      }
      const delivery = await actingAs({ kind: 'inbound', name: webhook.name }, () =>
        processDelivery(db, webhook, { contentType, body }, clock.now()),
      )
      return c.json(delivery.response, delivery.status as ContentfulStatusCode)
    })
    .all('/:token', async (c) => {
      if (!(await findWebhookByToken(db, c.req.param('token')))) throw unknownToken(c)
      throw new ApiError('method_not_allowed', 'Deliveries are POST requests', undefined, {
        Allow: 'POST',
      })
    })
}
