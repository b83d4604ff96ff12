import { createRoute, z } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { errorResponses, jsonResponse } from '../http/schema-types'
import { createRouter, validated } from '../http/validation'
import { forecastQuery, forecastSchema } from './forecast-schema'
import { getForecast } from './forecast-service'
import { boardSchema } from './board-schema'
import { getBoard } from './board-service'

const params = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
})

/** /api/app/v1/pipelines/{id}/board: what the pipeline board shows, in one request. */
export function boardRoutes({ clock }: RouteDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/forecast',
        tags: ['Pipelines'],
        operationId: 'getPipelineForecast',
        summary: 'Open deals by expected close month, weighted, beside the deals won each month',
        description:
          "The pipeline's open deals by expected close month, each weighted by its probability, beside the deals won in each month; sums per currency, never converted.",
        request: { params, query: forecastQuery },
        responses: {
          200: jsonResponse(forecastSchema, 'The forecast'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      }),
      async (c) => {
        const query = validated<z.output<typeof forecastQuery>>(c, 'query')
        const id = c.req.valid('param').id
        return c.json(
          await getForecast(c.get('db'), c.get('auth').tenantId, id, query, clock.now()),
          200,
        )
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/board',
        tags: ['Pipelines'],
        operationId: 'getPipelineBoard',
        summary: "A pipeline's deals grouped by stage, with counts and sums per currency",
        description:
          'Every deal of the pipeline in one answer, grouped by stage in board order, the most recently updated first, with counts and sums per currency.',
        request: { params },
        responses: {
          200: jsonResponse(boardSchema, 'The board'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      async (c) => {
        const { tenantId } = c.get('auth')
        return c.json(
          await getBoard(c.get('db'), tenantId, c.req.valid('param').id, clock.now()),
          200,
        )
      },
    )
}
