import { z } from '@hono/zod-openapi'
import { pageQuery, pageSchema } from '../http/pagination'
import { timestamp, uuid } from '../http/schema-types'
import { eventTypePatterns, isEventTypePattern } from '../events/type-filter'
import { maxUrlLength, subscriptionUrlProblem } from './subscription-url'

const subscriptionUrl = z
  .string()
  .trim()
  .max(maxUrlLength)
  .superRefine((value, ctx) => {
    const problem = subscriptionUrlProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform((value) => new URL(value).href)
  .openapi({
    type: 'string',
    format: 'uri',
    example: 'https://example.com/hooks/outpost',
    description: 'https, or plain http to this computer only (localhost, 127.0.0.1, [::1])',
  })

const eventTypeList = z
  .array(
    z
      .string()
      .refine(isEventTypePattern, 'is not an event type, a wildcard such as deal.*, or *')
      .openapi({ enum: [...eventTypePatterns] }),
  )
  .min(1, 'must list at least one event type')
  .max(eventTypePatterns.length)
  .transform((types) => [...new Set(types)])
  .openapi({
    description: 'Event types to receive; `deal.*` and `person.*` select a resource, `*` all',
    example: ['deal.*', 'person.created'],
  })

const description = z.string().trim().max(500).nullable()

export const subscriptionSchema = z
  .object({
    id: uuid,
    url: z.string().openapi({ format: 'uri', example: 'https://example.com/hooks/outpost' }),
    description: z.string().nullable(),
    eventTypes: eventTypeList.openapi({ example: ['deal.*', 'person.created'] }),
    enabled: z.boolean(),
    disabledReason: z
      .string()
      .nullable()
      .openapi({
        description:
          'Why Outpost disabled the subscription by itself (the endpoint answered 410 Gone, or ' +
          'every delivery failed for 5 days); null when enabled or disabled by hand',
      }),
    disabledAt: timestamp.nullable(),
    failingSince: timestamp.nullable().openapi({
      description: 'The first failed attempt since the last successful one; null when healthy',
    }),
    nextAttemptAt: timestamp.nullable().openapi({
      description: 'When the waiting event is retried; null when nothing waits for a retry',
    }),
    previousSecretExpiresAt: timestamp.nullable().openapi({
      description: 'After a rotation: until when the old secret still signs deliveries',
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('WebhookSubscription')

export const createdSubscriptionSchema = subscriptionSchema
  .extend({
    secret: z.string().openapi({
      description: 'The signing secret (Standard Webhooks, whsec_...). Keep it on the receiver.',
      example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }),
  })
  .openapi('CreatedWebhookSubscription')

export const subscriptionPageSchema = pageSchema(subscriptionSchema, 'WebhookSubscriptionPage')

export const createSubscriptionBody = z
  .strictObject({
    url: subscriptionUrl,
    eventTypes: eventTypeList.default(['*']),
    enabled: z.boolean().default(true),
    description: description.optional(),
  })
  .openapi('CreateWebhookSubscription')

export const updateSubscriptionBody = z
  .strictObject({
    url: subscriptionUrl.optional(),
    eventTypes: eventTypeList.optional(),
    enabled: z.boolean().optional().openapi({
      description:
        'false pauses deliveries; true resumes them where they stopped, events meanwhile included',
    }),
    description: description.optional(),
  })
  .openapi('UpdateWebhookSubscription')

export const signingSecretSchema = z
  .object({
    secret: z.string().openapi({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
    previousSecret: z.string().nullable().openapi({
      description: 'The secret before the last rotation, while it still signs; otherwise null',
    }),
    previousSecretExpiresAt: timestamp.nullable(),
  })
  .openapi('WebhookSigningSecret')

export const attemptSchema = z
  .object({
    id: uuid,
    subscriptionId: uuid,
    eventId: z.string().openapi({ description: 'The webhook-id sent: the event id' }),
    eventType: z.string().openapi({ example: 'deal.won' }),
    trigger: z.enum(['scheduled', 'manual', 'test']).openapi({
      description:
        '`scheduled`: the delivery worker; `manual`: a redelivery by hand; `test`: a test event',
    }),
    attemptNumber: z.number().int().nullable().openapi({
      description: 'For scheduled attempts: 1 for the first try, up to 8',
    }),
    attemptedAt: timestamp,
    durationMs: z.number().int(),
    succeeded: z.boolean().openapi({ description: 'The endpoint answered 2xx' }),
    responseStatus: z.number().int().nullable().openapi({
      description: 'The HTTP status of the answer; null when none came',
    }),
    responseExcerpt: z.string().nullable().openapi({
      description: 'The first 2 KiB of the response body',
    }),
    error: z
      .string()
      .nullable()
      .openapi({
        description:
          'Why no answer came: timeout, connection_refused, connection_reset, host_not_found, ' +
          'host_unreachable, network_unreachable, tls_error or network_error',
      }),
    nextAttemptAt: timestamp.nullable().openapi({
      description:
        'When a failed scheduled attempt is retried; null after a success, a final failure, ' +
        'or for attempts by hand',
    }),
  })
  .openapi('WebhookAttempt')

export const attemptPageSchema = pageSchema(attemptSchema, 'WebhookAttemptPage')

export const attemptsQuery = pageQuery.extend({
  eventId: z
    .string()
    .optional()
    .openapi({
      param: { name: 'eventId', in: 'query', required: false },
      description: 'Only the attempts to deliver this event',
    }),
})

export const redeliverBody = z
  .strictObject({
    eventId: z.uuid().openapi({ description: 'Any event of the workspace' }),
  })
  .openapi('RedeliverEvent')

export type Subscription = z.infer<typeof subscriptionSchema>
export type CreatedSubscription = z.infer<typeof createdSubscriptionSchema>
export type CreateSubscriptionInput = z.output<typeof createSubscriptionBody>
export type UpdateSubscriptionInput = z.output<typeof updateSubscriptionBody>
export type SigningSecret = z.infer<typeof signingSecretSchema>
export type Attempt = z.infer<typeof attemptSchema>
export type AttemptsRequest = z.output<typeof attemptsQuery>
