import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi'
import { eventPayloads, type EventPayloadKind, type EventType } from '../../shared/events'
import type { AppEnv } from '../app-env'
import { pascalCase } from '../http/crud-routes'
import { jsonRequest } from '../http/schema-types'
import { objectSchemas, type Resource } from './event-objects'
import { eventSchema } from './schema'

const { object: _object, ...dataFields } = eventSchema.shape.data.shape

/** `data` of each payload kind (shared/events.ts): what is always there, never optional. */
function dataSchema(kind: EventPayloadKind, object: z.ZodType) {
  const { previous, changes, tag } = dataFields
  const snapshot = { object }
  const change = { ...snapshot, previous: previous.unwrap(), changes: changes.unwrap() }
  if (kind === 'snapshot') return z.object(snapshot)
  if (kind === 'change') return z.object(change)
  return z.object({ ...change, tag: tag.unwrap() })
}

/** The body delivered for one event type: the feed's Event envelope, its type and data narrowed. */
export function eventPayloadSchema(type: EventType) {
  const resource = type.slice(0, type.indexOf('.')) as Resource
  return z
    .object({
      // Spread rather than extended, so that a field added to the envelope appears here as well.
      ...eventSchema.shape,
      type: z.literal(type),
      data: dataSchema(eventPayloads[type], objectSchemas[resource]),
    })
    .openapi(`${pascalCase(type)}Event`, {
      description: `The body of a \`${type}\` delivery.`,
    })
}

const deliveryHeaders = z.object({
  'webhook-id': z.uuid().openapi({
    description:
      'The event id: the same on every attempt. Drop an event whose id you have handled.',
  }),
  'webhook-timestamp': z.string().openapi({
    description: 'Seconds since the epoch when this attempt was made',
    example: '1795442580',
  }),
  'webhook-signature': z.string().openapi({
    description:
      '`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the ' +
      "subscription's secret; space-separated when two secrets sign (Standard Webhooks).",
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  }),
})

/**
 * The OpenAPI 3.1 `webhooks` of the public document: one entry per event type of
 * shared/events.ts, what a subscription (management API) receives.
 */
export function registerEventWebhooks(api: OpenAPIHono<AppEnv>) {
  for (const type of Object.keys(eventPayloads) as EventType[]) {
    const route = createRoute({
      method: 'post',
      path: type,
      operationId: `on${pascalCase(type)}`,
      tags: ['Events'],
      summary: `The \`${type}\` event`,
      description:
        `Sent by POST to every enabled subscription that selects \`${type}\`, signed as ` +
        'Standard Webhooks are (docs/events.md). The same event is in GET /events.',
      security: [],
      request: { headers: deliveryHeaders, ...jsonRequest(eventPayloadSchema(type)) },
      responses: {
        '2XX': { description: 'Received. Answer within 15 seconds; do the work afterwards.' },
        '410': { description: 'Gone: the subscription is disabled at once.' },
        default: { description: 'Any other answer, or none in 15 seconds: retried with backoff.' },
      },
    })
    api.openAPIRegistry.registerWebhook(route)
  }
}
