import { withAudit } from '../audit/with-audit'
import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { RouteDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import { recordLogRoutes } from '../http/log-routes'
import { pageQuery } from '../http/pagination'
import { errorResponses, idParams, jsonRequest, jsonResponse } from '../http/schema-types'
import {
  createInboundWebhookBody,
  deliveryPageSchema,
  deliveryParams,
  deliverySchema,
  dryRunBody,
  dryRunResultSchema,
  inboundWebhookPageSchema,
  inboundWebhookSchema,
  inboundWebhookWithUrlSchema,
  updateInboundWebhookBody,
} from './schema'
import { getDelivery, listDeliveries } from './delivery-log'
import { replayDelivery } from './delivery-service'
import { dryRun } from './dry-run'
import {
  createWebhook,
  getWebhook,
  listWebhooks,
  revokeWebhook,
  rotateWebhook,
  updateWebhook,
  type WebhookOrigins,
} from './service'

const tag = 'Inbound webhooks'
const tags = [tag]
const basePath = '/api/app/v1/inbound-webhooks'

// The URL shown is on the address the admin reached; while the tunnel is up, `publicUrl` is the
// same path on the tunnel's address, for senders on the internet.
const origins = (c: Context, tunnel: RouteDeps['tunnel']): WebhookOrigins => ({
  local: new URL(c.req.url).origin,
  public: tunnel?.state().publicUrl ?? null,
})

/** /api/app/v1/inbound-webhooks: configure inbound webhooks, read their log, replay and try. */
export function inboundWebhooksRoutes(deps: RouteDeps) {
  const { clock, tunnel } = deps
  return crudRoutes(deps, {
    audit: 'inbound-webhook',
    tag,
    noun: 'inbound webhook',
    basePath,
    item: inboundWebhookSchema,
    page: inboundWebhookPageSchema,
    createBody: createInboundWebhookBody,
    updateBody: updateInboundWebhookBody,
    created: {
      schema: inboundWebhookWithUrlSchema,
      description: 'The webhook, with its token and URL',
    },
    summaries: {
      list: 'List inbound webhooks, newest first (never their tokens)',
      get: 'Get an inbound webhook',
      create: 'Create an inbound webhook; the response is the only time its URL is shown',
      update: 'Change the settings of an inbound webhook',
    },
    deleteSummary: 'Revoke an inbound webhook: its URL answers 404 from now on; its log stays',
    createErrors: [422],
    updateErrors: [409, 422],
    authErrors: [403],
    service: {
      list: listWebhooks,
      get: getWebhook,
      create: (db, tenantId, input, now, c) =>
        createWebhook(db, tenantId, input, origins(c, tunnel), now),
      update: updateWebhook,
      remove: revokeWebhook,
    },
  })
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/rotate',
        tags,
        operationId: 'rotateInboundWebhookUrl',
        summary: 'Give the webhook a new URL; the old one answers 404 at once',
        description:
          'Gives the webhook a new secret URL, answered once with its token; the old URL answers 404 from now on.',
        request: { params: idParams },
        responses: {
          200: jsonResponse(inboundWebhookWithUrlSchema, 'The webhook, with its new token and URL'),
          ...errorResponses(401, 403, 404, 409, 429),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        const record = {
          action: 'update',
          targetType: 'inbound-webhook',
          targetId: id,
          changes: { rotated: 'url' },
        } as const
        const rotated = await withAudit(c.get('db'), c.get('auth'), clock.now(), record, (trx) =>
          rotateWebhook(trx, c.get('auth').tenantId, id, origins(c, tunnel), clock.now()),
        )
        return c.json(rotated, 200, { 'Cache-Control': 'no-store' })
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/dry-run',
        tags,
        operationId: 'dryRunInboundWebhook',
        summary: 'Try a payload: the mapped record and dedupe decision, nothing written',
        description:
          'Runs a payload through the mapping and deduplication as a delivery would, and answers the record it would write and whether it would create or update; nothing is written or logged.',
        request: { params: idParams, ...jsonRequest(dryRunBody) },
        responses: {
          200: jsonResponse(dryRunResultSchema, 'What a delivery of this payload would do'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
        },
      }),
      async (c) => {
        const webhook = await getWebhook(
          c.get('db'),
          c.get('auth').tenantId,
          c.req.valid('param').id,
        )
        return c.json(
          await dryRun(c.get('db'), webhook, c.req.valid('json').payload, clock.now()),
          200,
        )
      },
    )
    .route(
      '/',
      recordLogRoutes({
        tag,
        path: '/{id}/deliveries',
        operationId: 'listInboundWebhookDeliveries',
        summary: "The webhook's request log, newest first",
        description:
          'One page of the requests the webhook received, newest first, with what each did; ' +
          'kept within the limits of the webhook (count and bytes).',
        query: pageQuery,
        page: deliveryPageSchema,
        pageDescription: 'One page of deliveries',
        list: listDeliveries,
      }),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/deliveries/{deliveryId}',
        tags,
        operationId: 'getInboundWebhookDelivery',
        summary: 'One logged delivery',
        description: 'One request of the log, with its body, headers and what it did.',
        request: { params: deliveryParams },
        responses: {
          200: jsonResponse(deliverySchema, 'The delivery'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      async (c) => {
        const { id, deliveryId } = c.req.valid('param')
        return c.json(await getDelivery(c.get('db'), c.get('auth').tenantId, id, deliveryId), 200)
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/deliveries/{deliveryId}/replay',
        tags,
        operationId: 'replayInboundWebhookDelivery',
        summary: "Run a logged delivery again through the webhook's current settings",
        description:
          "Runs a kept delivery again through the webhook's current mapping and settings; the replay is logged as a delivery of its own, answered 201 with its URL in `Location`.",
        request: { params: deliveryParams },
        responses: {
          201: jsonResponse(
            deliverySchema,
            'The new log entry of the replay, whatever its outcome',
          ),
          ...errorResponses(401, 403, 404, 409, 429),
        },
      }),
      async (c) => {
        const { id, deliveryId } = c.req.valid('param')
        const replay = await replayDelivery(
          c.get('db'),
          c.get('auth').tenantId,
          id,
          deliveryId,
          clock.now(),
        )
        return c.json(replay, 201, { Location: `${basePath}/${id}/deliveries/${replay.id}` })
      },
    )
}
