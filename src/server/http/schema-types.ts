import { z } from '@hono/zod-openapi'
import { parseEmail } from '../../shared/fields/email'
import { parsePhone } from '../../shared/fields/phone'
import type { FieldResult } from '../../shared/fields/result'
import { maxTags, parseTag, parseTagList } from '../../shared/fields/tag'
import { parseLine } from '../../shared/fields/text'
import { isTimeZone } from '../../shared/time-zone'
import { errorStatuses, type ErrorCode } from './error-codes'

// Field types shared by every area's schemas.

/**
 * A UUID, read in any case and kept lower-case, as Outpost writes them: RFC 9562 has UUIDs
 * case-insensitive on input, and some systems (.NET, SQL Server, Excel) print them upper-case.
 */
export const uuid = z
  .uuid()
  .overwrite((value) => value.toLowerCase())
  .openapi({ format: 'uuid', example: '0b6f1f7e-3c1a-4a51-9a8e-2f0c3f4d5e6a' })

export const timestamp = z
  .string()
  .openapi({ format: 'date-time', example: '2026-11-22T14:03:00.000Z' })

/** An IANA time zone name. */
export const timeZone = z
  .string()
  .refine(isTimeZone, 'must be an IANA time zone like America/Sao_Paulo')
  .openapi({ example: 'America/Sao_Paulo' })

/** A time of day, HH:MM on a 24-hour clock. */
export const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 09:30')
  .openapi({ example: '09:30' })

/** How long before an activity its reminder fires: from "at time" to four weeks. */
export const reminderMinutes = z.number().int().min(0).max(40_320)

export const idParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
})

/** A string field checked and normalised by one of the shared field rules (`src/shared/fields`). */
export function ruled<T>(rule: (raw: string) => FieldResult<T>) {
  return z.string().transform((raw, ctx) => {
    const result = rule(raw)
    if (result.ok) return result.value
    ctx.addIssue({ code: 'custom', message: result.message })
    return z.NEVER
  })
}

/**
 * A ruled text field that null clears. Said to OpenAPI by hand: a transform's own `type` would
 * otherwise hide the null, and the generated UI types would refuse what the server takes.
 */
export const clearable = <T extends z.ZodType>(field: T, description?: string) =>
  field
    .nullable()
    .optional()
    .openapi({ type: ['string', 'null'], ...(description ? { description } : {}) })

/** One non-empty line of text: white space collapsed, trimmed, at most `max` characters. */
export const text = (max: number) =>
  ruled((raw) => parseLine(raw, max)).openapi({ type: 'string', minLength: 1, maxLength: max })

export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(errorStatuses) as [ErrorCode, ...ErrorCode[]]).openapi({
        example: 'invalid_request',
        description: 'One status each (docs/decisions.md)',
      }),
      message: z.string(),
      details: z
        .object({ field: z.string().optional() })
        .catchall(z.unknown())
        .optional()
        .openapi({ description: '`field` names the request field at fault' }),
    }),
  })
  .openapi('Error')

/** OpenAPI response entries for the error statuses a route can answer with. */
export function errorResponses(...statuses: number[]) {
  const descriptions: Record<number, string> = {
    400: 'Validation failed',
    401: 'Missing, unknown or revoked token',
    403: 'The token lacks the needed scope, or the role the permission (`details.permission`)',
    404: 'Not found',
    409: 'Conflict with an existing record, or still in use (`in_use`)',
    410: 'The cursor is older than the events kept',
    413: 'Request body too large',
    415: 'Request body is not JSON',
    422: 'A business rule was violated',
    429: 'Rate limit exceeded',
  }
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: descriptions[status] ?? 'Error',
        content: { 'application/json': { schema: errorSchema } },
      },
    ]),
  )
}

/** An OpenAPI response entry with a JSON body. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } }
}

/** An OpenAPI request entry with a required JSON body. */
export function jsonRequest<T extends z.ZodType>(schema: T) {
  return { body: { required: true, content: { 'application/json': { schema } } } }
}

export const noContent = { description: 'Done; no body' }

/** An e-mail address, trimmed and lower-cased so that comparisons ignore case. */
export const emailAddress = ruled(parseEmail).openapi({ type: 'string', format: 'email' })

/** A phone number, stored in E.164; numbers without a country code are Brazilian. */
export const phoneNumber = ruled((raw) => parsePhone(raw)).openapi({
  type: 'string',
  example: '+5511912345678',
  description:
    'Any way of writing a valid number (+55 11 91234-5678, (11) 91234-5678); stored in E.164. ' +
    'Numbers without a country code are read as Brazilian.',
})

const tagsDescription =
  'Free-form tags, 1 to 64 characters, no comma; de-duplicated without regard to case'

/** Free-form tags: white space collapsed, 1 to 64 characters each and no comma, at most 100. */
export const tagList = z
  .array(ruled(parseTag))
  .max(maxTags)
  .transform((tags, ctx) => {
    const result = parseTagList(tags)
    if (result.ok) return result.value
    ctx.addIssue({ code: 'custom', message: result.message })
    return z.NEVER
  })
  .openapi({
    type: 'array',
    items: { type: 'string', maxLength: 64 },
    maxItems: maxTags,
    description: tagsDescription,
    example: ['vip'],
  })

/** A body's `tags`: the set it becomes, `null` clearing it as it clears any optional field. */
export const tagsField = tagList
  .nullable()
  .transform((tags) => tags ?? [])
  .optional()
  .openapi({
    type: ['array', 'null'],
    items: { type: 'string', maxLength: 64 },
    maxItems: maxTags,
    description: 'Replaces the set of tags (null: none). ' + tagsDescription,
    example: ['vip'],
  })

/** Custom fields as the API returns them: read-only through the public API. */
export const customFieldsSchema = z
  .record(z.string(), z.unknown())
  .openapi({ description: 'Workspace custom fields; read-only through the API' })

/** The `Location` header of a 201 whose item can be read back at that URL. */
export const locationHeader = {
  Location: {
    description: 'Where the created item can be read: its GET URL, from the site root',
    schema: {
      type: 'string' as const,
      example: '/api/v1/people/0b6f1f7e-3c1a-4a51-9a8e-2f0c3f4d5e6a',
    },
  },
}

/** The error envelope as a reference, for responses added to a generated document. */
export const errorSchemaRef = {
  'application/json': { schema: { $ref: '#/components/schemas/Error' } },
}
