import { createRoute } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { pageQuery } from '../http/pagination'
import { errorResponses, idParams, jsonRequest, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { getDelivery, listDeliveries } from './delivery-log'
import { replayDelivery } from './delivery-service'
import { dryRun } from './dry-run'
import {
  basePath,
  deliveryPageSchema,
  deliveryParams,
  deliverySchema,
  dryRunBody,
  dryRunResultSchema,
  tags,
} from './schema'
import { getWebhook } from './service'

/** /api/app/v1/inbound-webhooks/{id}/...: try a payload, read the request log, replay. */
export function deliveryRoutes({ db, clock }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/dry-run',
        tags,
        summary: 'Try a payload: the mapped record and dedupe decision, nothing written',
        request: { params: idParams, ...jsonRequest(dryRunBody) },
        responses: {
          200: jsonResponse(dryRunResultSchema, 'What a delivery of this payload would do'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
        },
      }),
      async (c) => {
        const webhook = await getWebhook(db, c.var.auth.tenantId, c.req.valid('param').id)
        return c.json(await dryRun(db, webhook, c.req.valid('json').payload, clock.now()), 200)
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/deliveries',
        tags,
        summary: "The webhook's request log, newest first",
        request: { params: idParams, query: pageQuery },
        responses: {
          200: jsonResponse(deliveryPageSchema, 'One page of deliveries'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      }),
      async (c) =>
        c.json(
          await listDeliveries(
            db,
            c.var.auth.tenantId,
            c.req.valid('param').id,
            c.req.valid('query'),
          ),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/deliveries/{deliveryId}',
        tags,
        summary: 'One logged delivery',
        request: { params: deliveryParams },
        responses: {
          200: jsonResponse(deliverySchema, 'The delivery'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      async (c) => {
        const { id, deliveryId } = c.req.valid('param')
        return c.json(await getDelivery(db, c.var.auth.tenantId, id, deliveryId), 200)
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/deliveries/{deliveryId}/replay',
        tags,
        summary: "Run a logged delivery again through the webhook's current settings",
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
        const replay = await replayDelivery(db, c.var.auth.tenantId, id, deliveryId, clock.now())
        return c.json(replay, 201, { Location: `${basePath}/${id}/deliveries/${replay.id}` })
      },
    )
}
