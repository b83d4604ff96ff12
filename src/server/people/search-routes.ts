import { createRoute } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { pageSchema } from '../http/pagination'
import { errorResponses, idParams, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { timelineSchema } from '../timeline/schema'
import { getTimeline } from '../timeline/service'
import { personSchema } from './schema'
import { peopleSearchQuery } from './search-schema'
import { searchPeople } from './search-service'
import { getPerson } from './service'

const tags = ['People (UI)']

/**
 * /api/app/v1/people: the UI's people table (search and filters the v1 list does not have) and a
 * person's timeline.
 */
export function peopleSearchRoutes({ db }: AppDeps) {
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
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/events',
        tags,
        summary: "A person's timeline: their events, newest first",
        request: { params: idParams },
        responses: {
          200: jsonResponse(timelineSchema, 'The events'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      async (c) => {
        const { tenantId } = c.var.auth
        const { id } = c.req.valid('param')
        await getPerson(db, tenantId, id)
        return c.json({ data: await getTimeline(db, tenantId, id) }, 200)
      },
    )
}
