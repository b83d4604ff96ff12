import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Logger } from '../logger'
import { errorStatuses, type ErrorCode } from './error-codes'

export interface ErrorDetails {
  /** The request field at fault, as a path: `fullName`, `tags[2]`, `customFields.plan`. */
  field?: string
  [key: string]: unknown
}

/**
 * The one error type of the server. Thrown anywhere, rendered by `renderError` as
 * `{ "error": { "code", "message", "details"? } }`, with the status the catalogue gives its code.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = errorStatuses[code]
  }
}

export const notFound = (what: string): ApiError => new ApiError('not_found', `${what} not found`)

export const invalidField = (field: string, message: string): ApiError =>
  new ApiError('invalid_request', message, { field })

/** A referenced id (owner, person, stage...) that does not exist in the caller's workspace. */
export const unknownReference = (field: string, what: string): ApiError =>
  new ApiError('invalid_reference', `${field} does not name a ${what} of this workspace`, {
    field,
  })

// Hono's own refusals (its body limit, its validators), by status; any other is a bad request.
const httpExceptionCodes: Partial<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
}

/** Hono's onError handler: known errors become their envelope, anything else a bare 500. */
export function renderError(logger: Logger) {
  return (error: Error, c: Context): Response => {
    if (error instanceof ApiError) return sendError(c, error)
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's JSON validator on an empty body (or one no JSON guard read first).
      if (error.message === 'Malformed JSON in request body') {
        return sendError(c, new ApiError('malformed_json', 'Request body is empty or not JSON'))
      }
      const code = httpExceptionCodes[error.status] ?? 'malformed_request'
      return sendError(c, new ApiError(code, error.message))
    }
    // Unknown errors may carry SQL or file paths: log them here, never send them.
    logger.error(`${c.req.method} ${redactPath(c.req.path)} failed`, error)
    return sendError(c, new ApiError('internal', 'Something went wrong on our side'))
  }
}

/** `{ "error": { code, message, details? } }`: every refusal's body. */
export const errorBody = (error: ApiError) => ({
  error: {
    code: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
  },
})

export function sendError(c: Context, error: ApiError): Response {
  return c.json(errorBody(error), error.status, error.headers)
}

/** Paths that carry a secret (inbound webhook tokens) are logged without it. */
export function redactPath(path: string): string {
  return path.replace(/^(\/+webhooks\/+in\/+)[^/]+/i, '$1[redacted]')
}

/** A unique value already taken in the workspace; names the field and the record holding it. */
export const conflict = (field: string, message: string, existingId?: string): ApiError =>
  new ApiError('conflict', message, { field, ...(existingId ? { existingId } : {}) })
