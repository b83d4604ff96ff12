import { errorSchemaRef } from './schema-types'

// What every route of an API shares is said once here, over the generated document, rather than
// in each of its ~110 routes: the middleware that sends these headers is mounted on the whole API
// too (requireToken, idempotentWrites), so the document cannot miss a route the server covers.

interface Response {
  description: string
  headers?: Record<string, unknown>
  content?: unknown
}

interface Operation {
  tags?: string[]
  parameters?: unknown[]
  responses?: Record<string, Response>
}

interface Document {
  tags?: { name: string }[]
  paths?: Record<string, Record<string, Operation>>
  components?: { headers?: Record<string, unknown>; parameters?: Record<string, unknown> }
}

const sharedHeaders = {
  RateLimit: {
    description:
      'What is left of the rate-limit window (draft-ietf-httpapi-ratelimit-headers-10): `r` ' +
      'requests remain, the window resets in `t` seconds. On every answer, errors included.',
    schema: { type: 'string', example: '"default";r=299;t=42' },
  },
  'RateLimit-Policy': {
    description:
      "The token's limit: `q` requests per window of `w` seconds (300 a minute unless the " +
      'workspace or the token sets another).',
    schema: { type: 'string', example: '"default";q=300;w=60' },
  },
  'Retry-After': {
    description: 'Seconds until the window resets and requests are admitted again.',
    schema: { type: 'integer', minimum: 1, example: 42 },
  },
  'Idempotent-Replayed': {
    description:
      'Present when this is the kept answer to an earlier request with the same ' +
      '`Idempotency-Key`: nothing ran again.',
    schema: { type: 'string', enum: ['true'] },
  },
}

const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Any unique value (a UUID) to make a retry safe: for 24 hours a request with the same key, ' +
    'method, path and body gets the first answer again, and nothing runs twice. The key used for ' +
    'another request is a 422 `idempotency_key_reused`; a duplicate while the first still runs ' +
    'waits up to 30 s, then 409 `idempotency_key_in_use`.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
  example: '5f1b7c1e-2a8f-4d8e-9a51-3c0f4b6e7d21',
}

const headerRef = (name: keyof typeof sharedHeaders) => ({
  $ref: `#/components/headers/${name}`,
})

// The answers idempotentWrites keeps and replays: those the write itself gave (not 400, 401, 403,
// 413, 415 or 429, which it never started).
const replayable = (status: number) => status < 400 || [404, 409, 422].includes(status)

const idempotencyErrors: Record<string, string> = {
  '409': 'A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`)',
  '422': 'The `Idempotency-Key` was used for another request (`idempotency_key_reused`)',
}

export interface ApiConventions {
  /** POST and PATCH take `Idempotency-Key` (the public API: idempotency/middleware.ts). */
  idempotentWrites: boolean
}

/**
 * Adds to a generated document what the API's shared middleware does on every route: the
 * RateLimit headers on every answer and `Retry-After` on 429 (auth/middleware.ts), the 403 of the
 * role check (access/middleware.ts), and where
 * writes are idempotent, the `Idempotency-Key` header, the answers it can add and
 * `Idempotent-Replayed`.
 */
export function withApiConventions<D extends object>(document: D, conventions: ApiConventions): D {
  const doc = document as Document
  doc.components ??= {}
  const { 'Idempotent-Replayed': replayed, ...rateLimitHeaders } = sharedHeaders
  doc.components.headers = { ...doc.components.headers, ...rateLimitHeaders }
  if (conventions.idempotentWrites) {
    doc.components.headers['Idempotent-Replayed'] = replayed
    doc.components.parameters = { ...doc.components.parameters, IdempotencyKey: idempotencyKey }
  }
  // Every tag the operations use, declared in their order of first use (Spectral asks for it).
  const tags = new Set(doc.tags?.map((tag) => tag.name))
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) operation.tags?.forEach((tag) => tags.add(tag))
  }
  doc.tags = [...tags].map((name) => ({ name }))
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const idempotent = conventions.idempotentWrites && (method === 'post' || method === 'patch')
      const responses = (operation.responses ??= {})
      // The role check (access/middleware.ts) is mounted on the whole API: any route can refuse.
      responses['403'] ??= { description: forbiddenDescription, content: errorSchemaRef }
      if (idempotent) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          { $ref: '#/components/parameters/IdempotencyKey' },
        ]
        for (const [status, description] of Object.entries(idempotencyErrors)) {
          const response = responses[status]
          if (response) response.description += `; or ${lowerFirst(description)}`
          else responses[status] = { description, content: errorSchemaRef }
        }
      }
      for (const [status, response] of Object.entries(responses)) {
        const code = Number(status)
        response.headers = {
          ...response.headers,
          RateLimit: headerRef('RateLimit'),
          'RateLimit-Policy': headerRef('RateLimit-Policy'),
          ...(code === 429 ? { 'Retry-After': headerRef('Retry-After') } : {}),
          ...(idempotent && replayable(code)
            ? { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') }
            : {}),
        }
      }
    }
  }
  return document
}

const forbiddenDescription =
  "The session's role or the token lacks the permission this route needs, named in " +
  '`details.permission`'

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)
