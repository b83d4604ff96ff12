import { z } from '@hono/zod-openapi'
import { actionsSchema, dedupeSchema, dedupeStrategySchema, mappingSchema } from '../inbound/schema'

/**
 * An import's settings, as in `outpost import --mapping M.json`: either a bare mapping, or the
 * mapping with the dedupe strategy, default phone country and actions of an inbound webhook.
 */
export const importSettingsSchema = z
  .union([
    z.strictObject({
      mapping: mappingSchema,
      dedupe: dedupeSchema.optional(),
      defaultCountry: z.string().optional(),
      actions: actionsSchema.optional(),
    }),
    mappingSchema,
  ])
  .openapi('ImportSettings', {
    example: {
      mapping: { fullName: '{{Name}}', primaryEmail: '{{E-mail}}', tags: ['import'] },
      dedupe: { strategy: 'email' },
    },
  })

export type ImportSettings = z.infer<typeof importSettingsSchema>

export const importRejectionSchema = z
  .object({
    line: z.number().int().openapi({ description: 'Line of the file where the row ends' }),
    field: z.string().nullable(),
    code: z.string(),
    message: z.string(),
  })
  .openapi('ImportRejection')

export const importResultSchema = z
  .object({
    rows: z.number().int().openapi({ description: 'Rows read, header excluded' }),
    created: z.number().int(),
    updated: z.number().int(),
    rejected: z.number().int(),
    rejections: z
      .array(importRejectionSchema)
      .openapi({ description: 'The rejected rows, in file order (the first 1000)' }),
    warnings: z.array(z.string()).openapi({
      description: 'Problems with the file as a whole, such as a mapped column it lacks',
    }),
  })
  .openapi('ImportResult')

export const importForm = z.object({
  file: z
    .custom<File>((value) => value instanceof File, 'must be a file')
    .openapi({ type: 'string', format: 'binary', description: 'The CSV file, header first' }),
  mapping: z.string().openapi({
    description: 'JSON: a mapping, or {mapping, dedupe, defaultCountry, actions}',
    example: '{"fullName":"{{Name}}","primaryEmail":"{{E-mail}}"}',
  }),
  dedupe: dedupeStrategySchema.optional().openapi({
    description: 'Overrides the dedupe strategy of the settings (default email)',
  }),
})

export const exportFormatSchema = z.enum(['csv', 'ndjson'])

export const exportQuery = z.strictObject({
  format: exportFormatSchema.default('csv').openapi({
    param: { name: 'format', in: 'query', required: false },
    description:
      'csv (a header line, then one line per record) or ndjson (one JSON object per line)',
  }),
})

export type ExportFormat = z.infer<typeof exportFormatSchema>
