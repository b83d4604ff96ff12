import type { MiddlewareHandler } from 'hono'
import { ApiError } from './errors'
import { parseJsonText } from './json-text'
import { readBody } from './read-body'

export const maxJsonBodyBytes = 1024 * 1024

const jsonContentType = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i
const methodsWithBody = new Set(['POST', 'PUT', 'PATCH'])

function hasBody(headers: Headers): boolean {
  const length = headers.get('content-length')
  if (length !== null) return Number(length) > 0
  return headers.has('transfer-encoding')
}

/**
 * Guards the JSON API's request bodies before validation: too large is 413, not JSON is 415,
 * unparseable JSON is 400, and so is JSON nested too deep (json-text.ts). The parsed body is
 * cached on the request, where the route's validator reads it.
 */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  if (!methodsWithBody.has(c.req.method) || !hasBody(c.req.raw.headers)) return next()
  const contentType = c.req.header('content-type') ?? ''
  if (!jsonContentType.test(contentType)) {
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
  const text = bytes.toString('utf8')
  const parsed = parseJsonText(text)
  // Hono's c.req.json() (the validators') parses the cached text; with only the parsed value
  // cached it would stringify it and read it back through a web Response (bench/ W5). Hono keeps
  // promises in this cache, whatever its type says.
  c.req.bodyCache.text = Promise.resolve(text) as unknown as string
  c.req.bodyCache.json = Promise.resolve(parsed)
  await next()
}
