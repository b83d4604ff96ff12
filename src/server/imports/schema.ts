import { z } from '@hono/zod-openapi'
import { actionsSchema, dedupeSchema, dedupeStrategySchema, mappingSchema } from '../intake/schema'
import { csvEncodings } from '../../shared/csv-text'

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
    line: z.number().int().openapi({ description: 'Line of the file where the row starts' }),
    field: z.string().nullable(),
    code: z.string(),
    message: z.string(),
  })
  .openapi('ImportRejection')

export const importResultSchema = z
  .object({
    rows: z.number().int().openapi({
      description: 'Rows after the header line; always created + updated + rejected + skipped',
    }),
    created: z.number().int(),
    updated: z.number().int(),
    rejected: z.number().int(),
    skipped: z.number().int().openapi({ description: 'Blank rows: no value in any column' }),
    rejections: z
      .array(importRejectionSchema)
      .openapi({ description: 'The rejected rows, in file order (the first 1000)' }),
    warnings: z.array(z.string()).openapi({
      description: 'Problems with the file as a whole, such as a mapped column it lacks',
    }),
    encoding: z.enum(csvEncodings).openapi({
      description:
        'The encoding the file was read in: from its byte-order mark, else UTF-8, else ' +
        'Windows-1252 (as Excel on Windows saves CSV; a warning says so)',
    }),
  })
  .openapi('ImportResult')

const csvFile = z
  .custom<File>((value) => value instanceof File, 'must be a file')
  .openapi({ type: 'string', format: 'binary', description: 'The CSV file, header first' })

// curl's `-F mapping=@mapping.json` sends a file part, `-F mapping='{...}'` a text part: both work.
const mappingPart = (description: string, example: string) =>
  z
    .union([z.string(), z.custom<File>((value) => value instanceof File, 'must be JSON text')])
    .openapi({ type: 'string', description: `${description} As text, or as a JSON file.`, example })

export const importForm = z.object({
  file: csvFile,
  mapping: mappingPart(
    'JSON: a mapping, or {mapping, dedupe, defaultCountry, actions}.',
    '{"fullName":"{{Name}}","primaryEmail":"{{E-mail}}","company":"{{Company}}"}',
  ),
  dedupe: dedupeStrategySchema.optional().openapi({
    description: 'Overrides the dedupe strategy of the settings (default email)',
  }),
})

/** The settings of a deal, activity or note import: a bare mapping, or `{mapping}`. */
export const namedImportSettingsSchema = z
  .union([z.strictObject({ mapping: mappingSchema }), mappingSchema])
  .openapi('NamedImportSettings', {
    example: {
      title: '{{Title}}',
      value: '{{Value}}',
      pipeline: '{{Pipeline}}',
      stage: '{{Stage}}',
      person: '{{Contact e-mail}}',
    },
  })

export type NamedImportSettings = z.infer<typeof namedImportSettingsSchema>

type Mapping = z.infer<typeof mappingSchema>

/** The mapping of named import settings, bare or wrapped. */
export function namedMappingOf(settings: NamedImportSettings): Mapping {
  return 'mapping' in settings &&
    typeof settings.mapping === 'object' &&
    !Array.isArray(settings.mapping)
    ? (settings.mapping as Mapping)
    : (settings as Mapping)
}

/** The upload of an import by names: the file, and a mapping onto the kind's targets. */
const namedImportForm = (targets: string, example: string) =>
  z.object({
    file: csvFile,
    mapping: mappingPart(`JSON: target -> value. Targets: ${targets}.`, example),
  })

export const dealImportForm = namedImportForm(
  'title, value, currency, pipeline, stage (names or ids), person (e-mail), company, owner ' +
    '(e-mail or name), lostReason, expectedCloseDate, tags',
  '{"title":"{{Title}}","value":"{{Value}}","pipeline":"{{Pipeline}}","stage":"{{Stage}}"}',
)

export const activityImportForm = namedImportForm(
  'type, subject, body, dueDate, dueTime, durationMinutes, done (yes/no), outcome, priority, ' +
    'person (e-mail), deal (title or id), company (name), assignee (e-mail or name)',
  '{"type":"{{Type}}","subject":"{{Subject}}","dueDate":"{{Date}}","person":"{{E-mail}}"}',
)

export const noteImportForm = namedImportForm(
  'body, person (e-mail), deal (title or id), company (name), author (e-mail or name), ' +
    'pinned (yes/no), notedAt (date or date-time)',
  '{"body":"{{Note}}","person":"{{E-mail}}","notedAt":"{{Date}}"}',
)

export const exportFormatSchema = z.enum(['csv', 'xlsx', 'ndjson'])

export const exportQuery = z.strictObject({
  format: exportFormatSchema.default('csv').openapi({
    param: { name: 'format', in: 'query', required: false },
    description:
      'csv (a header line, then one line per record), xlsx (an Excel workbook of the same ' +
      'rows, numbers as numbers; at most 1,048,575 records) or ndjson (one JSON object per line)',
  }),
})

export type ExportFormat = z.infer<typeof exportFormatSchema>
