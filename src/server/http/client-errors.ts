import { STATUS_CODES, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { errorStatuses, type ErrorCode } from './error-codes'

/** What Node's parser refused, as the error envelope says it. */
function refusalOf(error: NodeJS.ErrnoException): [ErrorCode, string] {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return ['headers_too_large', 'The request headers (the URL included) are larger than 16 KiB']
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return ['request_timeout', 'The request did not arrive in time']
  }
  return [
    'malformed_request',
    `The request cannot be read as HTTP (${error.code ?? 'parse error'}): a URL has to be ` +
      'percent-encoded, its letters beyond ASCII too',
  ]
}

/**
 * Requests Node's parser refuses before any route sees them (letters beyond ASCII in the URL,
 * headers past 16 KiB, a request that never ends) are answered with the error envelope, as every
 * other refusal is, rather than Node's bare status line.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const [code, message] = refusalOf(error)
    const status = errorStatuses[code]
    const body = JSON.stringify({ error: { code, message } })
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  })
}
