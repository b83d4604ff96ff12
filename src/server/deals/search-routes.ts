import { createRoute } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { pageSchema } from '../http/pagination'
import { errorResponses, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { timelineRoutes } from '../timeline/routes'
import { dealSchema } from './schema'
import { dealsSearchQuery } from './search-schema'
import { searchDeals } from './search-service'
import { getDeal } from './service'

const tags = ['Deals (UI)']

/** /api/app/v1/deals: deals of a person, company or pipeline, and a deal's timeline. */
export function dealsSearchRoutes(deps: AppDeps) {
  const { db } = deps
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
    .route(
      '/',
      timelineRoutes(
        deps,
        { tags, summary: "A deal's timeline: its stage changes and other events, newest first" },
        getDeal,
      ),
    )
}
