import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from './errors'

export const maxJsonBodyBytes = 1024 * 1024

const jsonContentType = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i
const methodsWithBody = new Set(['POST', 'PUT', 'PATCH'])

function hasBody(headers: Headers): boolean {
  const length = headers.get('content-length')
  if (length !== null) return Number(length) > 0
  return headers.has('transfer-encoding')
}

const limitBody = bodyLimit({
  maxSize: maxJsonBodyBytes,
  onError: () => {
    // The rest of the body is never read, so the connection cannot carry another request.
    throw new ApiError(
      413,
      'payload_too_large',
      `Request body is larger than ${maxJsonBodyBytes} bytes`,
      { limitBytes: maxJsonBodyBytes },
      { Connection: 'close' },
    )
  },
})

/**
 * Guards the JSON API's request bodies before validation: too large is 413, not JSON is 415,
 * unparseable JSON is 400. The parsed body stays cached on the request for the validator.
 */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  if (!methodsWithBody.has(c.req.method) || !hasBody(c.req.raw.headers)) return next()
  const contentType = c.req.header('content-type') ?? ''
  if (!jsonContentType.test(contentType)) {
    throw new ApiError(415, 'unsupported_media_type', 'Request body must be application/json', {
      contentType: contentType || null,
    })
  }
  return limitBody(c, async () => {
    try {
      await c.req.json()
    } catch (error) {
      // Only a parse failure is the client's malformed JSON; a body-limit error passes through.
      if (!(error instanceof SyntaxError)) throw error
      throw new ApiError(400, 'malformed_json', 'Request body is not valid JSON')
    }
    await next()
  })
}
