import { z } from '@hono/zod-openapi'
import { createDealExample, dealExample, updateDealExample } from '../http/examples'
import { pageSchema } from '../http/pagination'
import { defaultCurrency, parseCurrency } from '../../shared/fields/currency'
import { checkMoney } from '../../shared/fields/money'
import { customFieldsSchema, ruled, tagsField, text, timestamp, uuid } from '../http/schema-types'

export const dealSchema = z
  .object({
    id: uuid,
    tenantId: uuid,
    title: z.string().openapi({ example: 'Annual plan for Acme' }),
    value: z.number().openapi({ format: 'double', example: 12500 }),
    currency: z.string().openapi({ example: 'BRL' }),
    pipelineId: uuid,
    stageId: uuid.openapi({ description: "Always a stage of the deal's pipeline" }),
    ownerId: uuid.nullable(),
    expectedCloseDate: z.string().nullable().openapi({ format: 'date', example: '2026-12-31' }),
    primaryPersonId: uuid.nullable(),
    primaryCompanyId: uuid.nullable(),
    lostReasonId: uuid.nullable().openapi({ description: 'Set while the deal is in a lost stage' }),
    closedAt: timestamp.nullable().openapi({
      description: 'When the deal entered a won or lost stage; null while it is open',
    }),
    tags: z.array(z.string()),
    customFields: customFieldsSchema,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('Deal', {
    example: dealExample,
    description:
      'Optional fields without a value are null; tags is [] and customFields {} when empty.',
  })

export const dealPageSchema = pageSchema(dealSchema, 'DealPage')

const currency = ruled(parseCurrency).openapi({
  type: 'string',
  example: 'BRL',
  description: 'Must be enabled in the workspace',
})

const money = z
  .number()
  .transform((amount, ctx) => {
    const result = checkMoney(amount)
    if (result.ok) return result.value
    ctx.addIssue({ code: 'custom', message: result.message })
    return z.NEVER
  })
  .openapi({ type: 'number', format: 'double', minimum: 0, maximum: 1e15 })

const optionalFields = {
  ownerId: uuid.nullable().optional(),
  expectedCloseDate: z.iso.date('must be a date like 2026-12-31').nullable().optional(),
  primaryPersonId: uuid.nullable().optional(),
  primaryCompanyId: uuid.nullable().optional(),
  lostReasonId: uuid
    .nullable()
    .optional()
    .openapi({ description: 'Required when the deal enters a stage of type lost' }),
  tags: tagsField,
}

export const createDealBody = z
  .strictObject({
    title: text(200),
    value: money,
    currency: currency.default(defaultCurrency).openapi({ default: defaultCurrency }),
    pipelineId: uuid,
    stageId: uuid,
    ...optionalFields,
  })
  .openapi('CreateDeal', { example: createDealExample })

export const updateDealBody = z
  .strictObject({
    title: text(200).optional(),
    value: money.optional(),
    currency: currency.optional(),
    stageId: uuid.optional().openapi({ description: "A stage of the deal's own pipeline" }),
    ...optionalFields,
  })
  .openapi('UpdateDeal', {
    example: updateDealExample,
    description:
      'Fields not sent stay unchanged; null clears an optional field; tags replaces the set.',
  })

export type Deal = z.infer<typeof dealSchema>
export type CreateDealInput = z.infer<typeof createDealBody>
export type UpdateDealInput = z.infer<typeof updateDealBody>
