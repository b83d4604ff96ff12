import { z } from '@hono/zod-openapi'
import { pageSchema } from '../http/pagination'
import { errorSchema, text, timestamp, uuid } from '../http/schema-types'
import {
  actionsSchema,
  dedupeSchema,
  dedupeStrategySchema,
  mappingSchema,
  mappingValueSchema,
} from '../intake/schema'
import { defaultRequestsPerMinute } from '../http/rate-limit'
import { verificationKinds } from './verification'

/** How much each webhook's request log keeps unless told otherwise (docs/decisions.md). */
export const logDefaults = { maxRequests: 500, maxBytes: 8 * 1024 * 1024 }

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as BR')
  .transform((code) => code.toUpperCase())
  .openapi({ type: 'string', example: 'BR' })

export const objectTypeSchema = z.enum(['person', 'deal'])

const configFields = {
  name: text(100),
  objectType: objectTypeSchema,
  mapping: mappingSchema,
  dedupe: dedupeSchema,
  defaultCountry: countryCode.openapi({
    description: 'Country of phone numbers sent without a country code',
  }),
  actions: actionsSchema,
  enabled: z.boolean(),
  rateLimitPerMinute: z.int().min(1).max(100_000).openapi({
    description: 'Deliveries this webhook takes per minute; more answer 429 with Retry-After',
  }),
  logMaxRequests: z.int().min(10).max(10_000).openapi({
    description: 'The request log keeps this many deliveries at most, the newest',
  }),
  logMaxBytes: z
    .int()
    .min(64 * 1024)
    .max(1024 ** 3)
    .openapi({
      description:
        'The request log keeps this many bytes of bodies at most; older deliveries go first',
    }),
  deliveryIdPath: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^{}\s]+$/, 'must be a path such as data.id, without braces or spaces')
    .nullable()
    .openapi({
      description:
        "Where the body holds the sender's id for the delivery (data.id): a retry with an id " +
        'already received gets the first answer again. Used when the request has no webhook-id ' +
        'or Idempotency-Key header; null for none',
      example: 'event_id',
    }),
  redirectUrl: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .max(2000)
    .nullable()
    .openapi({
      description:
        'Where a browser that posted a plain HTML form is sent (303 See Other) after the ' +
        'delivery, with ?outpost=ok or ?outpost=error&code=<code>; null answers JSON',
      example: 'https://www.padaria.com.br/obrigado',
    }),
  allowedOrigins: z
    .array(
      z
        .string()
        .regex(
          /^(\*|https?:\/\/[^/\s]+)$/,
          'must be an origin such as https://www.site.com.br, or *',
        ),
    )
    .max(20)
    .openapi({
      description:
        "Origins whose pages may post with fetch (CORS, preflight answered); '*' for any site",
      example: ['https://www.padaria.com.br'],
    }),
  verification: z
    .strictObject({
      kind: z.enum(verificationKinds).openapi({
        description:
          'none; header (a shared secret in a header); or a signature preset: standard-webhooks, ' +
          'stripe (t=,v1=), github (X-Hub-Signature-256), typeform, calendly, hubspot-v3; ' +
          "google-ads (the lead form's key, in the body's google_key); hmac-sha256 (any sender " +
          'signing the body with HMAC-SHA256 in the header named: Shopify, WooCommerce, Tally, ' +
          'Cal.com; hex or base64)',
      }),
      header: z
        .string()
        .regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name such as X-Form-Secret')
        .optional()
        .openapi({
          description:
            'For kind header: the header that holds the secret; for hmac-sha256: the signature',
        }),
      secret: z
        .string()
        .min(1)
        .max(500)
        .optional()
        .openapi({
          description:
            'The shared or signing secret; write-only. Not sent: the stored one stays (required ' +
            'the first time a kind other than none is chosen)',
          writeOnly: true,
        }),
    })
    .openapi('InboundVerificationInput'),
}

export const createInboundWebhookBody = z
  .strictObject({
    ...configFields,
    objectType: configFields.objectType.default('person'),
    dedupe: configFields.dedupe.default({ strategy: 'email' }),
    defaultCountry: configFields.defaultCountry.default('BR'),
    actions: configFields.actions.default({}),
    enabled: configFields.enabled.default(true),
    rateLimitPerMinute: configFields.rateLimitPerMinute.default(defaultRequestsPerMinute),
    logMaxRequests: configFields.logMaxRequests.default(logDefaults.maxRequests),
    logMaxBytes: configFields.logMaxBytes.default(logDefaults.maxBytes),
    deliveryIdPath: configFields.deliveryIdPath.default(null),
    redirectUrl: configFields.redirectUrl.default(null),
    allowedOrigins: configFields.allowedOrigins.default([]),
    verification: configFields.verification.default({ kind: 'none' }),
  })
  .openapi('CreateInboundWebhook')

export const updateInboundWebhookBody = z
  .strictObject({
    name: configFields.name.optional(),
    objectType: configFields.objectType.optional(),
    mapping: configFields.mapping.optional(),
    dedupe: configFields.dedupe.optional(),
    defaultCountry: configFields.defaultCountry.optional(),
    actions: configFields.actions.optional(),
    enabled: configFields.enabled.optional(),
    rateLimitPerMinute: configFields.rateLimitPerMinute.optional(),
    logMaxRequests: configFields.logMaxRequests.optional(),
    logMaxBytes: configFields.logMaxBytes.optional(),
    deliveryIdPath: configFields.deliveryIdPath.optional(),
    redirectUrl: configFields.redirectUrl.optional(),
    allowedOrigins: configFields.allowedOrigins.optional(),
    verification: configFields.verification.optional(),
  })
  .openapi('UpdateInboundWebhook', {
    description: 'Fields not sent stay unchanged; mapping, dedupe and actions are replaced whole.',
  })

const storedActions = z.object({
  assignOwner: z.object({ userIds: z.array(uuid) }).nullable(),
  addTags: z.array(z.string()),
  createDeal: z
    .object({
      pipelineId: uuid,
      stageId: uuid,
      title: z.string(),
      value: z.union([z.number(), z.string()]).optional(),
      currency: z.string().optional(),
    })
    .nullable(),
})

export const inboundWebhookSchema = z
  .object({
    id: uuid,
    tenantId: uuid,
    name: z.string(),
    objectType: objectTypeSchema,
    mapping: z.record(z.string(), mappingValueSchema),
    dedupe: z.object({ strategy: dedupeStrategySchema, fields: z.array(z.string()) }),
    defaultCountry: z.string(),
    actions: storedActions,
    enabled: z.boolean(),
    rateLimitPerMinute: z.int(),
    logMaxRequests: z.int(),
    logMaxBytes: z.int(),
    deliveryIdPath: z.string().nullable(),
    redirectUrl: z.string().nullable(),
    allowedOrigins: z.array(z.string()),
    verification: z
      .object({
        kind: z.enum(verificationKinds),
        header: z.string().nullable(),
        secretSet: z.boolean().openapi({ description: 'Whether a secret is stored (never shown)' }),
      })
      .openapi('InboundVerification'),
    tokenPrefix: z.string().openapi({
      description: 'The first characters of the URL token, to tell URLs apart',
      example: 'in_Ab3xQ9',
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
    rotatedAt: timestamp.nullable(),
    revokedAt: timestamp
      .nullable()
      .openapi({ description: 'Set once revoked: the URL answers 404 for good' }),
  })
  .openapi('InboundWebhook')

export const inboundWebhookWithUrlSchema = inboundWebhookSchema
  .extend({
    token: z.string().openapi({ description: 'The URL token. Shown here once, never again.' }),
    path: z.string().openapi({ example: '/webhooks/in/in_Ab3xQ9...' }),
    url: z.string().openapi({
      description: 'The webhook URL on the address this request reached',
      example: 'http://127.0.0.1:4780/webhooks/in/in_Ab3xQ9...',
    }),
    publicUrl: z.string().nullable().openapi({
      description:
        'The same URL on the tunnel, for senders on the internet; null while the tunnel is down',
      example: 'https://acme-crm.loca.lt/webhooks/in/in_Ab3xQ9...',
    }),
  })
  .openapi('InboundWebhookWithUrl')

export const inboundWebhookPageSchema = pageSchema(inboundWebhookSchema, 'InboundWebhookPage')

export const deliveryOutcomeSchema = z.enum(['created', 'updated', 'rejected'])

export const deliverySchema = z
  .object({
    id: uuid,
    webhookId: uuid,
    receivedAt: timestamp,
    contentType: z.string().nullable(),
    body: z
      .string()
      .nullable()
      .openapi({
        description:
          'The body as received (UTF-8); null when it was over the limit; only its start when ' +
          '`bodyTruncated`',
      }),
    bodySize: z.number().int().openapi({ description: 'Bytes received' }),
    bodyTruncated: z.boolean().openapi({
      description: 'A rejected delivery keeps only the first 4 KiB of its body',
    }),
    outcome: deliveryOutcomeSchema,
    status: z.number().int().openapi({ description: 'The HTTP status answered' }),
    response: z.record(z.string(), z.unknown()).openapi({ description: 'The JSON answered' }),
    error: errorSchema.shape.error.nullable(),
    personId: uuid.nullable(),
    dealId: uuid.nullable(),
    replayOf: uuid.nullable().openapi({ description: 'The delivery this one replayed' }),
  })
  .openapi('InboundDelivery')

export const deliveryPageSchema = pageSchema(deliverySchema, 'InboundDeliveryPage')

export const deliveryParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
  deliveryId: z.string().openapi({ param: { name: 'deliveryId', in: 'path' }, format: 'uuid' }),
})

export const dryRunBody = z
  .strictObject({
    payload: z.record(z.string(), z.unknown()).openapi({
      description: 'A payload as a sender would post it',
      example: { name: 'Ana Souza', email: 'ana@acme.com.br' },
    }),
  })
  .openapi('InboundDryRun')

export const dryRunResultSchema = z
  .object({
    ok: z.literal(true),
    dryRun: z.literal(true),
    status: z
      .number()
      .int()
      .openapi({ description: 'What a real delivery would answer: 201 or 200' }),
    outcome: deliveryOutcomeSchema,
    record: z.object({
      person: z.record(z.string(), z.unknown()).nullable(),
      deal: z.record(z.string(), z.unknown()).nullable(),
    }),
    dedupe: z
      .object({
        strategy: dedupeStrategySchema,
        decision: z.enum(['create', 'update']),
        personId: uuid.nullable(),
        matchedOn: z.array(z.string()).nullable(),
      })
      .nullable(),
    company: z
      .object({
        domain: z.string(),
        companyId: uuid.nullable(),
        decision: z.enum(['link', 'create']),
      })
      .nullable(),
  })
  .openapi('InboundDryRunResult')

export type InboundWebhook = z.infer<typeof inboundWebhookSchema>
export type InboundWebhookWithUrl = z.infer<typeof inboundWebhookWithUrlSchema>
export type CreateInboundWebhookInput = z.infer<typeof createInboundWebhookBody>
export type UpdateInboundWebhookInput = z.infer<typeof updateInboundWebhookBody>
export type InboundActions = z.infer<typeof storedActions>
export type Delivery = z.infer<typeof deliverySchema>
export type DryRunResult = z.infer<typeof dryRunResultSchema>
