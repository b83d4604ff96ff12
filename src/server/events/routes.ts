import { createRoute, z } from '@hono/zod-openapi'
import { streamSSE } from 'hono/streaming'
import type { RouteDeps } from '../app-env'
import type { Db } from '../db/connection'
import { notFound } from '../http/errors'
import { errorResponses, idParams, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { credentialIsLive } from '../auth/credential'
import { assertCursorLive, cursorAt, endingEvent } from './feed-position'
import { pipeEvents } from './event-stream'
import {
  eventSchema,
  feedPageSchema,
  feedQuery,
  streamHeaders,
  streamQuery,
  type FeedEvent,
  type FeedStart,
} from './schema'
import { findEvent, latestEventSeq, readEvents, type EventRange } from './service'

const tags = ['Events']

const eventRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  operationId: 'getEvent',
  summary: 'Read one event by its id (an Outpost extension)',
  description:
    'The event exactly as the feed and outbound webhooks carry it: to check a delivery, or to ' +
    'fetch the one an id in a log names. 404 once retention has pruned it.',
  request: { params: idParams },
  responses: {
    200: jsonResponse(eventSchema, 'The event'),
    ...errorResponses(401, 404, 429),
  },
})

const feedRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  operationId: 'listEvents',
  summary: 'Read the change feed: events in commit order, after a cursor',
  description:
    'Every create, update and delete of people and deals in the workspace, oldest first. ' +
    'Unlike offset pagination, a cursor never skips or repeats an event under concurrent ' +
    'writes. Keep `nextCursor` and pass it as `after` next time.',
  request: { query: feedQuery },
  responses: {
    200: jsonResponse(feedPageSchema, 'Events after the cursor'),
    ...errorResponses(400, 401, 409, 410, 429),
  },
})

const streamRoute = createRoute({
  method: 'get',
  path: '/stream',
  tags,
  operationId: 'streamEvents',
  summary: 'Follow the change feed live, as Server-Sent Events',
  description:
    'Each SSE message has the event JSON as `data` and its cursor as `id`, so an ' +
    'EventSource that reconnects resumes where it stopped (`Last-Event-ID`). Comment lines ' +
    'keep an idle connection open.',
  request: { query: streamQuery, headers: streamHeaders },
  responses: {
    200: {
      description: 'A text/event-stream that stays open',
      content: {
        'text/event-stream': {
          schema: z.string().openapi({
            example:
              'id: djI6M2Y5YzBhMWI3ZDJlOjQyOjVjOGUxYTJi\ndata: {"id":"…","type":"person.created",…}\n\n',
          }),
        },
      },
    },
    ...errorResponses(400, 401, 409, 410, 429),
  },
})

/** The id of the range's last event when the range ends at it: its cursor needs no lookup. */
/**
 * What names the event a page ends on, for its cursor: the page's last event when the range ends
 * on it, else (an empty page) the fingerprint the cursor it started from carried.
 */
const ownEventAt = (range: EventRange, start: FeedStart | undefined) => {
  const ending = endingEvent(range)
  if (ending) return ending
  if (typeof start === 'object' && start.seq === range.nextSeq && start.event) {
    return { fingerprint: start.event }
  }
  return undefined
}

/** /api/v1/events: the change feed, as JSON pages and as Server-Sent Events. */
export function eventsRoutes(deps: RouteDeps) {
  const startSeq = async (
    db: Db,
    tenantId: string,
    start: FeedStart | undefined,
    fallback: 'first' | 'now',
    field: string,
  ) => {
    const from = start ?? fallback
    if (from === 'first') return 0
    if (from === 'now') return latestEventSeq(db)
    await assertCursorLive(db, tenantId, from, field)
    return from.seq
  }
  return (
    createRouter()
      .openapi(feedRoute, async (c) => {
        const { after, limit, type } = c.req.valid('query')
        const from = await startSeq(c.get('db'), c.get('auth').tenantId, after, 'first', 'after')
        const range =
          after === 'now'
            ? { events: [], nextSeq: from, hasMore: false }
            : await readEvents(c.get('db'), c.get('auth').tenantId, from, limit, type)
        return c.json(
          {
            // Stored exactly as delivered; parsed only to be embedded in the page.
            data: range.events.map((event) => JSON.parse(event.payload) as FeedEvent),
            nextCursor: await cursorAt(c.get('db'), range.nextSeq, ownEventAt(range, after)),
            hasMore: range.hasMore,
          },
          200,
        )
      })
      .openapi(streamRoute, async (c) => {
        const { after, type } = c.req.valid('query')
        const resumeFrom = c.req.valid('header')['last-event-id']
        const from = await startSeq(
          c.get('db'),
          c.get('auth').tenantId,
          resumeFrom ?? after,
          'now',
          resumeFrom ? 'last-event-id' : 'after',
        )
        const auth = c.get('auth')
        const response = streamSSE(c, (stream) =>
          pipeEvents(stream, {
            db: c.get('db'),
            logger: deps.logger,
            tenantId: auth.tenantId,
            startSeq: from,
            types: type,
            shutdown: deps.shutdown,
            stillAuthorized: () => credentialIsLive(c.get('db'), auth, deps.clock.now()),
          }),
        )
        // When the stream ends (at shutdown above all) the connection goes with it, rather than
        // idling in keep-alive and holding up the server's close; EventSource reconnects anyway.
        response.headers.set('Connection', 'close')
        return response
      })
      // After /stream, which this pattern would otherwise take for an id.
      .openapi(eventRoute, async (c) => {
        const event = await findEvent(c.get('db'), c.get('auth').tenantId, c.req.valid('param').id)
        if (!event) throw notFound('Event')
        return c.json(JSON.parse(event.payload) as FeedEvent, 200)
      })
  )
}
