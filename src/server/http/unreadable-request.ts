import { RequestError } from '@hono/node-server'
import type { Logger } from '../logger'
import { ApiError, errorBody } from './errors'

// Apart from errors.ts, which the CLI loads for every command: @hono/node-server, which this
// needs, would come with it (and node:http2), and `outpost --help` would take 40 ms longer.

/**
 * The answer to a request Hono never saw: @hono/node-server could not make a Request of it (no
 * Host header, as HTTP/1.0 allows; a Host that is not a host name). Its own answer is an empty 400;
 * ours carries the error envelope, as every other refusal does.
 */
export function unreadableRequest(logger: Logger) {
  return (error: unknown): Response => {
    const known = error instanceof RequestError
    if (!known) logger.error('A request could not be read', error)
    const refusal = known
      ? new ApiError('malformed_request', `The request cannot be read: ${error.message}`)
      : new ApiError('internal', 'Something went wrong on our side')
    return Response.json(errorBody(refusal), { status: refusal.status })
  }
}
