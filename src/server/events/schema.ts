import { z } from '@hono/zod-openapi'
import { eventExample } from '../http/examples'
import { eventTypes } from '../../shared/events'
import { timestamp, uuid } from '../http/schema-types'
import { decodeCursor, type FeedPosition } from './cursor'
import { eventObjectSchemas } from './event-objects'
import { isEventTypePattern, selectedEventTypes } from './type-filter'

export const defaultFeedLimit = 100
export const maxFeedLimit = 1000

/**
 * Where a read of the feed starts: after a position, at the newest event ("now"), or at the
 * workspace's first event still kept ("first", what an empty `after` asks for: a script that
 * builds `?after=${cursor}` before it has a cursor).
 */
export type FeedStart = FeedPosition | 'now' | 'first'

function parseStart(value: string, ctx: z.RefinementCtx): FeedStart {
  if (value === 'now') return 'now'
  if (value === '') return 'first'
  const position = decodeCursor(value)
  if (position === null) {
    ctx.addIssue({ code: 'custom', message: 'is not a cursor this server gave out' })
    return z.NEVER
  }
  return position
}

const cursorParam = (name: string, location: 'query' | 'header', description: string) =>
  z
    .string()
    // An empty Last-Event-ID is no id at all, as EventSource has it (it sends none before its
    // first event): the stream starts from `after`, or now.
    .transform((value, ctx) =>
      value === '' && location === 'header' ? undefined : parseStart(value, ctx),
    )
    .optional()
    .openapi({ param: { name, in: location, required: false }, type: 'string', description })

const limitParam = z
  .string()
  .regex(/^\d+$/, 'must be a whole number')
  .transform(Number)
  .pipe(
    z.number().min(1, 'must be at least 1').max(maxFeedLimit, `must be at most ${maxFeedLimit}`),
  )
  .optional()
  .default(defaultFeedLimit)
  .openapi({
    param: { name: 'limit', in: 'query', required: false },
    type: 'integer',
    minimum: 1,
    maximum: maxFeedLimit,
    default: defaultFeedLimit,
    description: `Events per response, at most ${maxFeedLimit}.`,
  })

const afterDescription =
  'A `nextCursor` from an earlier response: only events committed after it are returned. `now` ' +
  'returns no events and the cursor of the newest one, to follow changes from this moment. ' +
  'Without it (or empty) the feed starts at the first event of the workspace.'

/** `type=deal.won,person.*`: the event types to keep, as subscriptions name them. */
const typeParam = z
  .string()
  .max(2000)
  .transform((text, ctx) => {
    const patterns = text
      .split(',')
      .map((pattern) => pattern.trim())
      .filter(Boolean)
    const unknown = patterns.find((pattern) => !isEventTypePattern(pattern))
    if (unknown !== undefined || patterns.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must list event types such as deal.won or person.* (not ${unknown ?? 'nothing'})`,
      })
      return z.NEVER
    }
    return selectedEventTypes(patterns)
  })
  .optional()
  .openapi({
    param: { name: 'type', in: 'query', required: false },
    type: 'string',
    example: 'deal.won,deal.lost',
    description:
      'Only these event types, comma-separated: a type, `<resource>.*` or `*` (an Outpost ' +
      'extension). The cursor still moves past the events left out.',
  })

export const feedQuery = z.strictObject({
  after: cursorParam('after', 'query', afterDescription),
  limit: limitParam,
  type: typeParam,
})

export const streamQuery = z.strictObject({
  after: cursorParam(
    'after',
    'query',
    'Where the stream starts, as in GET /events; `Last-Event-ID` wins when both are sent. ' +
      'Without either, the stream starts now.',
  ),
  type: typeParam,
})

export const streamHeaders = z.object({
  'last-event-id': cursorParam(
    'last-event-id',
    'header',
    'Sent by EventSource when it reconnects: the `id` of the last event received.',
  ),
})

export const eventSchema = z
  .object({
    id: uuid.openapi({
      description: 'Stable: the same in the feed, the stream and every delivery (webhook-id)',
    }),
    type: z.enum(eventTypes),
    version: z
      .number()
      .int()
      .openapi({
        description:
          "The version of the payload's shape (1). Fields may be added within a version; a " +
          'change that could break a receiver raises it.',
        example: 1,
      }),
    createdAt: timestamp,
    tenantId: uuid,
    data: z.object({
      object: z.union(eventObjectSchemas).openapi({
        description:
          'The whole record as the API returns it after the change (a person, deal, company, ' +
          "activity, note or saved view; a reminder's is its activity); for `.deleted`, as it " +
          'was just before. The type names which: `person.created` carries a person.',
      }),
      previous: z
        .record(z.string(), z.unknown())
        .optional()
        .openapi({
          description:
            'Change events (updated, stage_changed, won, lost, tag_added), always: the value each ' +
            'changed field had before (its empty value when the record was just created)',
        }),
      changes: z.array(z.string()).optional().openapi({
        description: 'Change events, always: the names of the changed fields',
      }),
      tag: z.string().optional().openapi({ description: '`person.tag_added` only: the new tag' }),
    }),
  })
  .openapi('Event', {
    example: eventExample,
    description:
      'One change. Every event of one operation carries the same data; `.deleted` types are ' +
      "Outpost's addition to the spec's list.",
  })

export type FeedEvent = z.infer<typeof eventSchema>

export const feedPageSchema = z
  .object({
    data: z.array(eventSchema).openapi({ description: 'Events in commit order, oldest first' }),
    nextCursor: z.string().openapi({
      description: 'Pass as `after` to read on; valid even when data is empty',
      example: 'djI6M2Y5YzBhMWI3ZDJlOjQyOjVjOGUxYTJi',
    }),
    hasMore: z.boolean().openapi({
      description: 'True when more events are already waiting; read again at once',
    }),
  })
  .openapi('EventFeedPage')
