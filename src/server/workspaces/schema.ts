import { z } from '@hono/zod-openapi'
import { text, timestamp, uuid } from '../http/schema-types'

export const workspaceSchema = z
  .object({
    id: uuid,
    name: z.string(),
    rateLimitPerMinute: z
      .number()
      .int()
      .openapi({ description: 'Requests per minute allowed to each API token' }),
    eventRetentionDays: z.number().int().openapi({
      description:
        'Days an event is kept once every webhook subscription has it; older ones are pruned',
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('Workspace', {
    description: 'A workspace, the tenant every record belongs to (tenantId).',
  })

export const updateWorkspaceBody = z
  .strictObject({
    name: text(100).optional(),
    rateLimitPerMinute: z.number().int().min(1).max(100_000).optional(),
    eventRetentionDays: z.number().int().min(1).max(3650).optional(),
  })
  .openapi('UpdateWorkspace')

export type Workspace = z.infer<typeof workspaceSchema>
export type UpdateWorkspaceInput = z.infer<typeof updateWorkspaceBody>
