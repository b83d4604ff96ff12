import { createRoute, type z } from '@hono/zod-openapi'
import type { Db } from '../db/connection'
import { errorResponses, idParams, jsonResponse } from './schema-types'
import { createRouter, validated } from './validation'

/** What a record has logged (a webhook's deliveries, a subscription's attempts), page by page. */
export interface RecordLog<Q extends z.ZodObject> {
  tag: string
  /** Below the record: `/{id}/deliveries`. */
  path: `/{id}/${string}`
  /** `listInboundWebhookDeliveries`. */
  operationId: string
  summary: string
  description: string
  query: Q
  page: z.ZodType
  pageDescription: string
  /** One page of the log of record `id`; 404 when the record is not in the workspace. */
  list(db: Db, tenantId: string, id: string, query: z.output<Q>): Promise<unknown>
}

/** GET /{id}/<log>: one page of a record's log, newest first (admin token: 403). */
export function recordLogRoutes<Q extends z.ZodObject>(log: RecordLog<Q>) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: log.path,
      tags: [log.tag],
      operationId: log.operationId,
      summary: log.summary,
      description: log.description,
      request: { params: idParams, query: log.query },
      responses: {
        200: jsonResponse(log.page, log.pageDescription),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
    async (c) => {
      const query = validated<z.output<Q>>(c, 'query')
      return c.json(
        await log.list(c.get('db'), c.get('auth').tenantId, c.req.param('id'), query),
        200,
      )
    },
  )
}
