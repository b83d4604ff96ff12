import { z } from '@hono/zod-openapi'
import { pageSchema } from '../http/pagination'
import { text, timestamp, uuid } from '../http/schema-types'

export const lostReasonSchema = z
  .object({
    id: uuid,
    tenantId: uuid,
    name: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('LostReason', {
    description: 'Why a deal was lost; required when a deal enters a lost stage.',
  })

export const lostReasonPageSchema = pageSchema(lostReasonSchema, 'LostReasonPage')

export const lostReasonBody = z.strictObject({ name: text(200) }).openapi('LostReasonInput')

export type LostReason = z.infer<typeof lostReasonSchema>
