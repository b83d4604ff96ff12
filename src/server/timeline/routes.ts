import { createRoute } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import type { Db } from '../db/connection'
import { errorResponses, idParams, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { timelineSchema } from './schema'
import { getTimeline } from './service'

/**
 * GET /{id}/events: a record's timeline, newest first, for the area that owns the record;
 * `requireRecord` answers the 404 of a record not in the workspace.
 */
export function timelineRoutes(
  { db }: AppDeps,
  described: { tags: string[]; summary: string },
  requireRecord: (db: Db, tenantId: string, id: string) => Promise<unknown>,
) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/{id}/events',
      ...described,
      request: { params: idParams },
      responses: {
        200: jsonResponse(timelineSchema, 'The events'),
        ...errorResponses(401, 403, 404, 429),
      },
    }),
    async (c) => {
      const { tenantId } = c.var.auth
      const { id } = c.req.valid('param')
      await requireRecord(db, tenantId, id)
      return c.json({ data: await getTimeline(db, tenantId, id) }, 200)
    },
  )
}
