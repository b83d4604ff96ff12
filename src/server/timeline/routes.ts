import { createRoute, type z } from '@hono/zod-openapi'
import type { Db } from '../db/connection'
import { errorResponses, idParams, jsonResponse } from '../http/schema-types'
import { createRouter, validated } from '../http/validation'
import { timelineSchema, type TimelineEvent } from './schema'
import { getTimeline, namesInTimeline } from './service'

/**
 * GET /{id}/events: a record's timeline, newest first, for the area that owns the record;
 * `requireRecord` answers the 404 of a record not in the workspace.
 */
export function timelineRoutes(
  described: { tags: string[]; operationId: string; summary: string; description: string },
  requireRecord: (db: Db, tenantId: string, id: string) => Promise<unknown>,
  read: (db: Db, tenantId: string, id: string) => Promise<TimelineEvent[]> = getTimeline,
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
      const { tenantId } = c.get('auth')
      const { id } = c.req.valid('param')
      const db = c.get('db')
      await requireRecord(db, tenantId, id)
      const data = await read(db, tenantId, id)
      return c.json({ data, names: await namesInTimeline(db, tenantId, data) }, 200)
    },
  )
}

export interface RecordSearch<Q extends z.ZodObject | z.ZodPipe> {
  operationId: string
  summary: string
  description: string
  query: Q
  page: z.ZodType
  pageDescription: string
  search: (db: Db, tenantId: string, query: z.output<Q>) => Promise<unknown>
}

/**
 * The UI's routes for people or deals beyond the v1 REST: the search (GET /, with filters the v1
 * list does not have) and a record's timeline (GET /{id}/events).
 */
export function searchAndTimelineRoutes<Q extends z.ZodObject | z.ZodPipe>(
  tags: string[],
  { operationId, summary, description, query, page, pageDescription, search }: RecordSearch<Q>,
  timeline: {
    operationId: string
    summary: string
    requireRecord: Parameters<typeof timelineRoutes>[1]
  },
) {
  const searchRoute = createRoute({
    method: 'get',
    path: '/',
    tags,
    operationId,
    summary,
    description,
    request: { query },
    responses: {
      200: jsonResponse(page, pageDescription),
      ...errorResponses(400, 401, 403, 429),
    },
  })
  return createRouter()
    .openapi(searchRoute, async (c) => {
      const input = validated<z.output<Q>>(c, 'query')
      return c.json(await search(c.get('db'), c.get('auth').tenantId, input), 200)
    })
    .route(
      '/',
      timelineRoutes(
        {
          tags,
          operationId: timeline.operationId,
          summary: timeline.summary,
          description:
            'The newest 200 events of the record, newest first, as the change feed has them; ' +
            "those past the event retention as the record's history keeps them, `data.object` " +
            "cut to the fields the change named and the record's name (docs/events.md).",
        },
        timeline.requireRecord,
      ),
    )
}
