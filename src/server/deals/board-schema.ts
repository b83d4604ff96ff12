import { z } from '@hono/zod-openapi'
import { timestamp, uuid } from '../http/schema-types'
import { pipelineSchema } from '../pipelines/schema'

const nextActivitySchema = z
  .object({
    id: uuid,
    subject: z.string(),
    dueDate: z.string().nullable().openapi({ format: 'date' }),
    dueTime: z.string().nullable(),
    dueAt: timestamp.nullable(),
  })
  .openapi('NextActivity', { description: "The deal's soonest open activity" })

export const boardCardSchema = z
  .object({
    id: uuid,
    title: z.string(),
    value: z.number(),
    currency: z.string(),
    stageId: uuid,
    ownerId: uuid.nullable(),
    ownerName: z.string().nullable(),
    primaryPersonId: uuid.nullable(),
    personName: z.string().nullable(),
    primaryCompanyId: uuid.nullable(),
    companyName: z.string().nullable(),
    expectedCloseDate: z.string().nullable().openapi({ format: 'date' }),
    lostReasonId: uuid.nullable(),
    closedAt: timestamp.nullable(),
    probability: z.number().int().openapi({
      description: "The chance the forecast gives it: the deal's own, else its stage's",
    }),
    nextActivity: nextActivitySchema.nullable(),
    rotting: z.boolean().openapi({
      description: "Open and unchanged for longer than its stage's rottingDays",
    }),
    updatedAt: timestamp,
  })
  .openapi('BoardCard', { description: 'What a deal card shows, with the names it links to' })

const moneySchema = z
  .array(z.object({ currency: z.string(), value: z.number() }))
  .openapi({ description: 'Sums per currency, by currency code (currencies are never added)' })

export const boardColumnSchema = z
  .object({
    stageId: uuid,
    count: z.number().int(),
    totals: moneySchema,
    weighted: moneySchema.openapi({
      description: "Each deal's value times its probability, summed per currency",
    }),
    deals: z.array(boardCardSchema).openapi({
      description:
        'Open stages: every deal, soonest next activity first (none last), then most recently ' +
        'updated. Won and lost stages: the deals closed this month, most recent first.',
    }),
  })
  .openapi('BoardColumn')

export const boardSchema = z
  .object({
    pipeline: pipelineSchema,
    columns: z.array(boardColumnSchema).openapi({ description: 'One per stage, in board order' }),
    summary: z
      .object({
        open: moneySchema,
        weighted: moneySchema,
        wonThisMonth: moneySchema,
        month: z.string().openapi({ example: '2026-11', description: "In the workspace's zone" }),
      })
      .openapi('BoardSummary'),
  })
  .openapi('Board')

export type BoardCard = z.infer<typeof boardCardSchema>
export type BoardColumn = z.infer<typeof boardColumnSchema>
export type Board = z.infer<typeof boardSchema>
