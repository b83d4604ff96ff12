import { z } from '@hono/zod-openapi'
import { clockTime, reminderMinutes, text, timeZone, timestamp, uuid } from '../http/schema-types'

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
    timeZone: z.string().nullable().openapi({
      example: 'America/Sao_Paulo',
      description: "IANA zone of the workspace's dates; null follows the machine's zone",
    }),
    reminderMinutes: z.number().int().openapi({
      description: 'Minutes before a timed activity that its reminder fires, when it sets none',
    }),
    digestTime: z.string().openapi({
      example: '08:00',
      description: 'HH:MM when reminders of date-only activities fire (the morning digest)',
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
    timeZone: timeZone.nullable().optional(),
    reminderMinutes: reminderMinutes.optional(),
    digestTime: clockTime.optional(),
  })
  .openapi('UpdateWorkspace')

export type Workspace = z.infer<typeof workspaceSchema>
export type UpdateWorkspaceInput = z.infer<typeof updateWorkspaceBody>
