import { z } from '@hono/zod-openapi'
import { pageSchema } from '../http/pagination'
import { timestamp, uuid } from '../http/schema-types'

export const auditEntrySchema = z
  .object({
    id: uuid,
    at: timestamp,
    actor: z.object({
      kind: z.enum(['account', 'token', 'owner']).openapi({
        description: "A signed-in account, an API token, or the machine's owner",
      }),
      id: z.string().nullable(),
      name: z.string(),
    }),
    action: z.enum(['create', 'update', 'delete']),
    targetType: z.string().openapi({ example: 'token' }),
    targetId: z.string().nullable(),
    changes: z.record(z.string(), z.unknown()).openapi({
      description: 'The fields the request sent; secrets are never recorded',
    }),
  })
  .openapi('AuditEntry', { description: 'Who changed what in the workspace settings.' })

export const auditPageSchema = pageSchema(auditEntrySchema, 'AuditPage')

export type AuditEntry = z.infer<typeof auditEntrySchema>
