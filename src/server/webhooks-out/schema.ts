import { z } from '@hono/zod-openapi'
import { pageQuery, pageSchema } from '../http/pagination'
import { idParams, timestamp, uuid } from '../http/schema-types'
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
    strictOrder: z.boolean().openapi({
      description:
        'true: each event waits until the one before it is delivered or given up. false (the ' +
        'default): an event the endpoint rejects is set aside and retried on its own schedule ' +
        'while the next ones go on (see docs/events.md)',
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
    strictOrder: z.boolean().default(false),
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
    strictOrder: z.boolean().optional(),
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
    eventId: uuid.openapi({ description: 'Any event of the workspace' }),
  })
  .openapi('RedeliverEvent')

export const deliverySchema = z
  .object({
    eventId: z.string().openapi({ description: 'The event: its id is the webhook-id sent' }),
    eventType: z.string().nullable().openapi({ example: 'deal.won' }),
    status: z.enum(['retrying', 'failed']).openapi({
      description:
        '`retrying`: set aside after the endpoint rejected it, retried on its own schedule; ' +
        '`failed`: the schedule is used up, it waits to be retried or recovered by hand',
    }),
    attempts: z.number().int().openapi({ description: 'Attempts made so far' }),
    nextAttemptAt: timestamp.nullable().openapi({
      description: 'When it is tried next; null once failed',
    }),
    failedAt: timestamp.openapi({ description: 'Its first failed attempt' }),
    lastStatus: z.number().int().nullable().openapi({
      description: 'The HTTP status of the last answer; null when none came',
    }),
    lastError: z.string().nullable().openapi({ description: 'Why no answer came, if none did' }),
  })
  .openapi('WebhookDelivery', {
    description: 'An event the subscription has not delivered yet because its endpoint refused it',
  })

export const deliveryPageSchema = pageSchema(deliverySchema, 'WebhookDeliveryPage')

export const deliveriesQuery = pageQuery.extend({
  status: z
    .enum(['retrying', 'failed'])
    .optional()
    .openapi({
      param: { name: 'status', in: 'query', required: false },
      description: 'Only the deliveries in this state',
    }),
})

export const deliveryParams = idParams.extend({
  eventId: z.string().openapi({ param: { name: 'eventId', in: 'path' }, format: 'uuid' }),
})

export const recoverBody = z
  .strictObject({
    since: z.iso.datetime({ offset: true }).openapi({
      description: 'Events that first failed at or after this moment are sent again',
      example: '2026-11-24T09:00:00Z',
    }),
  })
  .openapi('RecoverDeliveries')

export const queuedSchema = z
  .object({
    queued: z.number().int().openapi({
      description: 'How many deliveries were put back on the schedule, due now',
    }),
  })
  .openapi('QueuedDeliveries')

export const webhookAlertSchema = z
  .object({
    kind: z.enum(['failing', 'disabled']).openapi({
      description:
        '`failing`: every attempt for an hour or more has failed; `disabled`: by Outpost',
    }),
    tenantId: uuid,
    subscriptionId: uuid,
    url: z.string(),
    description: z.string().nullable(),
    since: timestamp.openapi({ description: 'Failing since, or disabled at' }),
    reason: z.string().nullable().openapi({ description: 'Why it was disabled' }),
  })
  .openapi('WebhookAlert')

export const webhookAlertListSchema = z
  .object({ data: z.array(webhookAlertSchema) })
  .openapi('WebhookAlertList')

export type WebhookAlert = z.infer<typeof webhookAlertSchema>
export type WebhookDelivery = z.infer<typeof deliverySchema>
export type DeliveriesRequest = z.output<typeof deliveriesQuery>
export type Subscription = z.infer<typeof subscriptionSchema>
export type CreatedSubscription = z.infer<typeof createdSubscriptionSchema>
export type CreateSubscriptionInput = z.output<typeof createSubscriptionBody>
export type UpdateSubscriptionInput = z.output<typeof updateSubscriptionBody>
export type SigningSecret = z.infer<typeof signingSecretSchema>
export type Attempt = z.infer<typeof attemptSchema>
export type AttemptsRequest = z.output<typeof attemptsQuery>
