import { createRoute } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { pageSchema } from '../http/pagination'
import { errorResponses, idParams, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { timelineSchema } from '../timeline/schema'
import { getTimeline } from '../timeline/service'
import { dealSchema } from './schema'
import { dealsSearchQuery } from './search-schema'
import { searchDeals } from './search-service'
import { getDeal } from './service'

const tags = ['Deals (UI)']

/** /api/app/v1/deals: deals of a person, company or pipeline, and a deal's timeline. */
export function dealsSearchRoutes({ db }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'List the deals of a person, company or pipeline, newest first',
        request: { query: dealsSearchQuery },
        responses: {
          200: jsonResponse(pageSchema(dealSchema, 'DealSearchPage'), 'One page of deals'),
          ...errorResponses(400, 401, 403, 429),
        },
      }),
      async (c) => c.json(await searchDeals(db, c.var.auth.tenantId, c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/events',
        tags,
        summary: "A deal's timeline: its stage changes and other events, newest first",
        request: { params: idParams },
        responses: {
          200: jsonResponse(timelineSchema, 'The events'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      async (c) => {
        const { tenantId } = c.var.auth
        const { id } = c.req.valid('param')
        await getDeal(db, tenantId, id)
        return c.json({ data: await getTimeline(db, tenantId, id) }, 200)
      },
    )
}
