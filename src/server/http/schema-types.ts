import { z } from '@hono/zod-openapi'

// Field types shared by every area's schemas.

export const uuid = z
  .uuid()
  .openapi({ format: 'uuid', example: '0b6f1f7e-3c1a-4a51-9a8e-2f0c3f4d5e6a' })

export const timestamp = z
  .string()
  .openapi({ format: 'date-time', example: '2026-11-22T14:03:00.000Z' })

export const idParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
})

/** A non-empty, trimmed line of text. */
export const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max)

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'validation_error' }),
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
    403: 'The token lacks the needed scope',
    404: 'Not found',
    409: 'Conflict with an existing record',
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
export const emailAddress = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.email('must be an e-mail address').max(254),
)

/** Free-form tags: trimmed, 1 to 64 characters each, at most 100. */
export const tagList = z
  .array(z.string().trim().min(1, 'must not be empty').max(64))
  .max(100)
  .openapi({
    description: 'Free-form tags; trimmed and de-duplicated without regard to case',
    example: ['vip'],
  })

/** Custom fields as the API returns them: read-only through the public API. */
export const customFieldsSchema = z
  .record(z.string(), z.unknown())
  .openapi({ description: 'Workspace custom fields; read-only through the API' })
