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
  })
  .openapi('ApiToken')

export const createdApiTokenSchema = apiTokenSchema
  .extend({
    token: z.string().openapi({ description: 'The token itself. Shown this once, never again.' }),
  })
  .openapi('CreatedApiToken')

export const apiTokenPageSchema = pageSchema(apiTokenSchema, 'ApiTokenPage')

export const createApiTokenBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    scope: tokenScopeSchema.default('api'),
  })
  .openapi('CreateApiToken')

export type ApiToken = z.infer<typeof apiTokenSchema>
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>
