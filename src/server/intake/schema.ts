// The settings intake takes, as the management API and import files write them: a mapping, a
// dedupe strategy and post-receipt actions. Inbound webhooks and CSV imports share them, so
// their OpenAPI names keep the Inbound prefix they were published with.

import { z } from '@hono/zod-openapi'
import { parseCurrency } from '../../shared/fields/currency'
import { ruled, tagList, uuid } from '../http/schema-types'

const template = z.string().max(2000)

export const mappingValueSchema = z
  .union([template, z.number(), z.boolean(), z.array(template).max(50)])
  .openapi('InboundMappingValue', {
    description:
      'A constant ("website", 100, true), a placeholder ("{{email}}"), a template mixing both ' +
      '("{{first_name}} {{last_name}}"), or for tags and custom fields a list of those.',
  })

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `"customFields": {"plan": "{{plan}}"}` read as `"customFields.plan": "{{plan}}"`: the contract
 * names "customFields and its keys" as targets, and either way of writing them is taken (and
 * kept in the second).
 */
function withCustomFieldsFlat(mapping: unknown): unknown {
  if (!isObject(mapping) || !isObject(mapping.customFields)) return mapping
  const { customFields, ...others } = mapping
  const keys = Object.entries(customFields).map(([key, value]) => [`customFields.${key}`, value])
  return { ...others, ...Object.fromEntries(keys) }
}

export const mappingSchema = z
  .preprocess(
    withCustomFieldsFlat,
    z
      .record(z.string(), mappingValueSchema)
      .refine((mapping) => Object.keys(mapping).length <= 100, 'must map at most 100 fields'),
  )
  .openapi({
    description:
      'Target field -> value. Targets: fullName, primaryEmail, primaryPhone, companyId, ownerId, ' +
      'lifecycleStage, leadSource, tags, customFields.<key>, customFields (a placeholder whose ' +
      'value is an object: each key a custom field; or an object of key -> value, kept as ' +
      'customFields.<key>); for deal webhooks also title, value, currency, pipelineId, stageId, ' +
      'expectedCloseDate.',
    example: {
      fullName: '{{first_name}} {{last_name}}',
      primaryEmail: '{{email}}',
      leadSource: 'website',
    },
  })

export const dedupeStrategySchema = z.enum(['email', 'phone', 'composite', 'none'])

export const dedupeSchema = z
  .strictObject({
    strategy: dedupeStrategySchema,
    fields: z
      .array(z.string())
      .max(10)
      .optional()
      .openapi({
        description:
          'For composite only: the fields that must all be equal (fullName, primaryEmail, ' +
          'primaryPhone, companyId, leadSource, customFields.<key>).',
        example: ['fullName', 'primaryPhone'],
      }),
  })
  .openapi('InboundDedupe')

const currencyCode = ruled(parseCurrency).openapi({ type: 'string', example: 'BRL' })

export const createDealActionSchema = z
  .strictObject({
    pipelineId: uuid,
    stageId: uuid,
    title: template.trim().min(1, 'must not be empty').openapi({
      description: "A template; when it renders empty the deal takes the person's name",
      example: 'Website lead: {{name}}',
    }),
    value: z
      .union([z.number().min(0, 'must not be negative'), template])
      .optional()
      .openapi({ description: 'A number or a template; 0 when absent' }),
    currency: currencyCode.optional(),
  })
  .openapi('InboundCreateDealAction')

export const actionsSchema = z
  .strictObject({
    assignOwner: z
      .strictObject({
        userIds: z.array(uuid).min(1, 'must name at least one user').max(50),
      })
      .nullable()
      .optional()
      .openapi({ description: 'One user, or several taken in turn (round-robin)' }),
    addTags: tagList.optional(),
    createDeal: createDealActionSchema.nullable().optional().openapi({
      description: 'Person webhooks only: a deal for each person the webhook creates',
    }),
  })
  .openapi('InboundActions')
