import { z } from '@hono/zod-openapi'
import { timestamp, uuid } from '../http/schema-types'
import { pipelineSchema } from '../pipelines/schema'

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
    updatedAt: timestamp,
  })
  .openapi('BoardCard', { description: 'What a deal card shows, with the names it links to' })

export const boardColumnSchema = z
  .object({
    stageId: uuid,
    count: z.number().int(),
    totals: z
      .array(z.object({ currency: z.string(), value: z.number() }))
      .openapi({ description: 'Sum of the deal values per currency, by currency code' }),
    deals: z.array(boardCardSchema).openapi({ description: 'Most recently updated first' }),
  })
  .openapi('BoardColumn')

export const boardSchema = z
  .object({
    pipeline: pipelineSchema,
    columns: z.array(boardColumnSchema).openapi({ description: 'One per stage, in board order' }),
  })
  .openapi('Board')

export type BoardCard = z.infer<typeof boardCardSchema>
export type BoardColumn = z.infer<typeof boardColumnSchema>
export type Board = z.infer<typeof boardSchema>
