import { createRoute } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { pageSchema } from '../http/pagination'
import { errorResponses, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { timelineRoutes } from '../timeline/routes'
import { personSchema } from './schema'
import { peopleSearchQuery } from './search-schema'
import { searchPeople } from './search-service'
import { getPerson } from './service'

const tags = ['People (UI)']

/**
 * /api/app/v1/people: the UI's people table (search and filters the v1 list does not have) and a
 * person's timeline.
 */
export function peopleSearchRoutes(deps: AppDeps) {
  const { db } = deps
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'Search people by name or e-mail and filter them, newest first',
        request: { query: peopleSearchQuery },
        responses: {
          200: jsonResponse(pageSchema(personSchema, 'PersonSearchPage'), 'One page of matches'),
          ...errorResponses(400, 401, 403, 429),
        },
      }),
      async (c) => c.json(await searchPeople(db, c.var.auth.tenantId, c.req.valid('query')), 200),
    )
    .route(
      '/',
      timelineRoutes(
        deps,
        { tags, summary: "A person's timeline: their events, newest first" },
        getPerson,
      ),
    )
}
