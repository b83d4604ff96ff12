import { z } from '@hono/zod-openapi'
import { pageSchema } from '../http/pagination'
import { timestamp, uuid } from '../http/schema-types'

export const tokenScopeSchema = z
  .enum(['api', 'admin'])
  .openapi({ description: '`api` reaches /api/v1 only; `admin` also reaches /api/app/v1.' })

export const apiTokenSchema = z
  .object({
    id: uuid,
    name: z.string(),
    scope: tokenScopeSchema,
    prefix: z
      .string()
      .openapi({ description: 'The first characters of the token', example: 'op_Ab3xQ9' }),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable(),
    revokedAt: timestamp.nullable(),
    rateLimitPerMinute: z.number().int().nullable().openapi({
      description: "Requests a minute this token may make; null follows the workspace's limit",
    }),
    createdByAccountId: uuid.nullable().openapi({
      description:
        "The account that made it: the token never has more rights than that account's role " +
        'in the workspace. Null for tokens made by the CLI or the machine owner.',
    }),
  })
  .openapi('ApiToken')

export const createdApiTokenSchema = apiTokenSchema
  .extend({
    token: z.string().openapi({ description: 'The token itself. Shown this once, never again.' }),
  })
  .openapi('CreatedApiToken')

export const apiTokenPageSchema = pageSchema(apiTokenSchema, 'ApiTokenPage')

const tokenRateLimit = z.number().int().min(1).max(100_000).nullable().openapi({
  description: "This token's own requests per minute; null (the default) follows the workspace",
})

export const createApiTokenBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    scope: tokenScopeSchema.default('api'),
    rateLimitPerMinute: tokenRateLimit.optional(),
  })
  .openapi('CreateApiToken')

export const updateApiTokenBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    rateLimitPerMinute: tokenRateLimit.optional(),
  })
  .openapi('UpdateApiToken', { description: 'Fields not sent stay unchanged.' })

export type ApiToken = z.infer<typeof apiTokenSchema>
export type UpdateApiTokenInput = z.infer<typeof updateApiTokenBody>
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>
