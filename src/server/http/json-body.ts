import type { MiddlewareHandler } from 'hono'
import { ApiError } from './errors'
import { parseJsonText } from './json-text'
import { readBody } from './read-body'

export const maxJsonBodyBytes = 1024 * 1024

// The media type alone, parameters apart: `application/json ;charset=utf-8` (space allowed before
// the semicolon, RFC 9110) and `application/problem+json` are JSON.
const jsonMediaType = /^application\/(?:[\w.-]+\+)?json$/i
const mediaTypeOf = (contentType: string) => contentType.split(';')[0]!.trim()
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
const methodsWithBody = new Set(['POST', 'PUT', 'PATCH'])

function hasBody(headers: Headers): boolean {
  const length = headers.get('content-length')
  if (length !== null) return Number(length) > 0
  return headers.has('transfer-encoding')
}

/**
 * The body as text. JSON is UTF-8 (RFC 8259): bytes that are not would be stored with U+FFFD in
 * place of each letter, so they are refused, whatever charset the request names. A leading
 * byte-order mark, which the RFC lets a parser ignore, is dropped (the decoder's default).
 */
function utf8Text(bytes: Buffer): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw new ApiError(
      'malformed_json',
      'Request body is not UTF-8: send JSON encoded as UTF-8 (RFC 8259)',
    )
  }
}

/**
 * Guards the JSON API's request bodies before validation: too large is 413, not JSON is 415,
 * unparseable JSON is 400, and so is JSON nested too deep (json-text.ts). The parsed body is
 * cached on the request, where the route's validator reads it.
 */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  if (!methodsWithBody.has(c.req.method) || !hasBody(c.req.raw.headers)) return next()
  const contentType = c.req.header('content-type') ?? ''
  if (!jsonMediaType.test(mediaTypeOf(contentType))) {
    throw new ApiError('unsupported_media_type', 'Request body must be application/json', {
      contentType: contentType || null,
    })
  }
  const { bytes } = await readBody(c.req.raw, maxJsonBodyBytes)
  if (!bytes) {
    // The rest of the body is read away by finishReadingBody (unread-body.ts) before this answer.
    throw new ApiError(
      'payload_too_large',
      `Request body is larger than ${maxJsonBodyBytes} bytes`,
      { limitBytes: maxJsonBodyBytes },
    )
  }
  const text = utf8Text(bytes)
  const parsed = parseJsonText(text)
  // The route's own media type gate (@hono/zod-openapi) knows `application/json; name=value` only;
  // this guard has read the type already, and the body is JSON.
  c.req.raw.headers.set('content-type', 'application/json')
  // Hono's c.req.json() (the validators') parses the cached text; with only the parsed value
  // cached it would stringify it and read it back through a web Response (bench/ W5). Hono keeps
  // promises in this cache, whatever its type says.
  c.req.bodyCache.text = Promise.resolve(text) as unknown as string
  c.req.bodyCache.json = Promise.resolve(parsed)
  await next()
}
