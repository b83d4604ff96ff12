import { withAudit } from '../audit/with-audit'
import { createRoute } from '@hono/zod-openapi'
import { currentAlerts } from './alerts'
import type { RouteDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import { recordLogRoutes } from '../http/log-routes'
import { errorResponses, idParams, jsonRequest, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { listDeliveries, recoverDeliveries, retryDeliveryNow } from './recovery'
import {
  attemptPageSchema,
  attemptSchema,
  attemptsQuery,
  deliveriesQuery,
  deliveryPageSchema,
  deliveryParams,
  queuedSchema,
  recoverBody,
  createdSubscriptionSchema,
  createSubscriptionBody,
  redeliverBody,
  signingSecretSchema,
  subscriptionPageSchema,
  subscriptionSchema,
  updateSubscriptionBody,
  webhookAlertListSchema,
} from './schema'
import {
  createSubscription,
  deleteSubscription,
  getSigningSecret,
  getSubscription,
  listAttempts,
  listSubscriptions,
  redeliverEvent,
  rotateSigningSecret,
  sendTestEvent,
  updateSubscription,
} from './service'

const tag = 'Webhook subscriptions'
const tags = [tag]
const withBody = [400, 401, 403, 413, 415, 429]
// Secrets must not linger in caches.
const noStore = { 'Cache-Control': 'no-store' }

/** /api/app/v1/webhook-subscriptions: outbound webhooks, their secrets and delivery log. */
export function webhookSubscriptionsRoutes(deps: RouteDeps) {
  const { clock } = deps
  return crudRoutes(deps, {
    audit: 'webhook-subscription',
    tag,
    noun: 'subscription',
    plural: 'subscriptions',
    operationNouns: { one: 'WebhookSubscription', many: 'WebhookSubscriptions' },
    basePath: '/api/app/v1/webhook-subscriptions',
    item: subscriptionSchema,
    page: subscriptionPageSchema,
    createBody: createSubscriptionBody,
    updateBody: updateSubscriptionBody,
    created: {
      schema: createdSubscriptionSchema,
      description: 'The subscription, with its secret',
    },
    summaries: {
      list: 'List subscriptions, newest first (without their secrets)',
      get: 'Get a subscription, with its delivery state',
      create: 'Subscribe a URL to events; the response holds its signing secret',
      update: 'Change the URL, event types or description; enable or disable',
    },
    deleteSummary: 'Delete a subscription and its delivery log',
    authErrors: [403],
    service: {
      list: listSubscriptions,
      get: getSubscription,
      create: createSubscription,
      update: updateSubscription,
      remove: deleteSubscription,
    },
  })
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/secret',
        tags,
        operationId: 'getWebhookSubscriptionSecret',
        summary: 'Reveal the signing secret (and the previous one while it still signs)',
        description:
          'The signing secret, and after a rotation the previous one while it still signs. See docs/events.md.',
        request: { params: idParams },
        responses: {
          200: jsonResponse(signingSecretSchema, 'The signing secret'),
          ...errorResponses(401, 403, 404, 409, 429),
        },
      }),
      async (c) =>
        c.json(
          await getSigningSecret(
            c.get('db'),
            c.get('auth').tenantId,
            c.req.valid('param').id,
            clock.now(),
          ),
          200,
          noStore,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/rotate-secret',
        tags,
        operationId: 'rotateWebhookSubscriptionSecret',
        summary: 'Rotate the signing secret; the old one keeps signing for 24 hours',
        description:
          'Makes a new signing secret; for 24 hours deliveries are signed with both, so the receiver can switch without losing one.',
        request: { params: idParams },
        responses: {
          200: jsonResponse(signingSecretSchema, 'The new secret and the previous one'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        const record = {
          action: 'update',
          targetType: 'webhook-subscription',
          targetId: id,
          changes: { rotated: 'signingSecret' },
        } as const
        const rotated = await withAudit(c.get('db'), c.get('auth'), clock.now(), record, (trx) =>
          rotateSigningSecret(trx, c.get('auth').tenantId, id, clock.now()),
        )
        return c.json(rotated, 200, noStore)
      },
    )
    .route(
      '/',
      recordLogRoutes({
        tag,
        path: '/{id}/attempts',
        operationId: 'listWebhookDeliveryAttempts',
        summary: 'The delivery log: every attempt, newest first',
        description:
          'One page of the delivery attempts to the subscription, newest first: the event, the ' +
          'status or error, the duration, and when the next retry is due.',
        query: attemptsQuery,
        page: attemptPageSchema,
        pageDescription: 'One page of attempts',
        list: listAttempts,
      }),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/redeliver',
        tags,
        operationId: 'redeliverWebhookEvent',
        summary: 'Send an event again now, by hand; one attempt, logged, with the original id',
        description:
          'Sends one event to the subscription again now, with its original `webhook-id`; one attempt, logged, whatever the subscription state.',
        request: { params: idParams, ...jsonRequest(redeliverBody) },
        responses: {
          200: jsonResponse(attemptSchema, 'The attempt, successful or not'),
          ...errorResponses(...withBody, 404),
        },
      }),
      async (c) =>
        c.json(
          await redeliverEvent(
            c.get('db'),
            c.get('auth').tenantId,
            c.req.valid('param').id,
            c.req.valid('json').eventId,
            clock,
          ),
          200,
        ),
    )
    .route(
      '/',
      recordLogRoutes({
        tag,
        path: '/{id}/deliveries',
        operationId: 'listWebhookSetAsideDeliveries',
        summary: 'Events set aside: rejected by the endpoint, retrying on their own or failed',
        description:
          'The events the endpoint rejected that are not delivered yet, oldest first: `retrying` ' +
          'on their own schedule while later events go on, or `failed` once the schedule is ' +
          'used up (until retried or recovered). Filter with `status`.',
        query: deliveriesQuery,
        page: deliveryPageSchema,
        pageDescription: 'One page of deliveries, oldest event first',
        list: listDeliveries,
      }),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/deliveries/{eventId}/retry',
        tags,
        operationId: 'retryWebhookDelivery',
        summary: 'Retry now: the event set aside, failed or waiting is due at once',
        description:
          'Makes one event due at once: set aside, failed (with a whole schedule again) or ' +
          'waiting at the head of the queue. The delivery worker sends it within a second, ' +
          'logged like every attempt. 404 when the event is not waiting for this subscription.',
        request: { params: deliveryParams },
        responses: {
          202: jsonResponse(queuedSchema, 'Queued: the delivery worker tries it within a second'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      async (c) => {
        const { id, eventId } = c.req.valid('param')
        return c.json(
          await retryDeliveryNow(c.get('db'), c.get('auth').tenantId, id, eventId, clock.now()),
          202,
        )
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/recover',
        tags,
        operationId: 'recoverWebhookDeliveries',
        summary: 'Recover every delivery that failed since a moment (after an outage)',
        description:
          'Every event set aside whose first failure is at or after `since`, and the event ' +
          'waiting at the head of the queue, become due at once (failed ones with a whole ' +
          'schedule again). Answers how many were queued.',
        request: { params: idParams, ...jsonRequest(recoverBody) },
        responses: {
          202: jsonResponse(queuedSchema, 'Queued: the delivery worker sends them in order'),
          ...errorResponses(...withBody, 404),
        },
      }),
      async (c) =>
        c.json(
          await recoverDeliveries(
            c.get('db'),
            c.get('auth').tenantId,
            c.req.valid('param').id,
            c.req.valid('json').since,
            clock.now(),
          ),
          202,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/send-test',
        tags,
        operationId: 'sendWebhookTest',
        summary: 'Send a signed webhook.test event now; one attempt, logged',
        description:
          'Sends a signed `webhook.test` event to the URL now, to check the receiver; one attempt, logged.',
        request: { params: idParams },
        responses: {
          200: jsonResponse(attemptSchema, 'The attempt, successful or not'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      async (c) =>
        c.json(
          await sendTestEvent(c.get('db'), c.get('auth').tenantId, c.req.valid('param').id, clock),
          200,
        ),
    )
}

/** /api/app/v1/webhook-alerts: the outbound webhooks in trouble now. */
export function webhookAlertsRoutes({ clock }: RouteDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Webhook subscriptions'],
      operationId: 'listWebhookAlerts',
      summary: 'Subscriptions failing for an hour or more, or disabled by Outpost',
      description:
        'The outbound webhooks in trouble now: every attempt failed for an hour or more ' +
        '(`failing`), or disabled by Outpost after a 410 Gone or 5 days of failures ' +
        '(`disabled`). A subscription paused by hand is not listed.',
      responses: {
        200: jsonResponse(webhookAlertListSchema, 'The alerts, oldest subscription first'),
        ...errorResponses(401, 403, 429),
      },
    }),
    async (c) =>
      c.json({ data: await currentAlerts(c.get('db'), c.get('auth').tenantId, clock.now()) }, 200),
  )
}
