import { createRoute, z } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { errorResponses, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { boardSchema } from './board-schema'
import { getBoard } from './board-service'

const params = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
})

/** /api/app/v1/pipelines/{id}/board: what the pipeline board shows, in one request. */
export function boardRoutes({ db }: AppDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/{id}/board',
      tags: ['Pipelines'],
      summary: "A pipeline's deals grouped by stage, with counts and sums per currency",
      request: { params },
      responses: {
        200: jsonResponse(boardSchema, 'The board'),
        ...errorResponses(401, 403, 404, 429),
      },
    }),
    async (c) => c.json(await getBoard(db, c.var.auth.tenantId, c.req.valid('param').id), 200),
  )
}
