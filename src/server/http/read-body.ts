import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { ApiError } from './errors'

export interface ReceivedBody {
  /** The bytes received; null when the body was over the limit and left unread. */
  bytes: Buffer | null
  /** Bytes received, or announced by Content-Length when the body was left unread. */
  size: number
}

/**
 * Reads a request body, never holding more than `max` bytes of it, decompressed when the sender
 * compressed it. Over the limit it stops and leaves the stream unlocked, so that
 * `finishReadingBody` (unread-body.ts) can read the rest away before the 413 goes out.
 */
export async function readBody(request: Request, max: number): Promise<ReceivedBody> {
  const encoding = request.headers.get('content-encoding')?.trim().toLowerCase()
  const received = await withinDeadline(readRaw(request, max))
  if (!encoding || encoding === 'identity' || !received.bytes) return received
  return decode(received.bytes, encoding, max)
}

// Bodies a sender compressed (Content-Encoding), as Express's and Rails' parsers take them. The
// limit holds for what they expand to, so a small bomb cannot fill the memory.
const decoders = new Map<string, (bytes: Buffer, options: { maxOutputLength: number }) => Buffer>([
  ['gzip', gunzipSync],
  ['x-gzip', gunzipSync],
  ['deflate', inflateSync],
  ['br', brotliDecompressSync],
])

function decode(bytes: Buffer, encoding: string, max: number): ReceivedBody {
  const decoder = decoders.get(encoding)
  if (!decoder) {
    throw new ApiError(
      'unsupported_media_type',
      `Content-Encoding ${encoding} is not supported: send the body as it is, or gzip, deflate or br`,
      { field: 'Content-Encoding' },
    )
  }
  try {
    const decoded = decoder(bytes, { maxOutputLength: max })
    return { bytes: decoded, size: decoded.byteLength }
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      return { bytes: null, size: max + 1 }
    }
    throw new ApiError('invalid_request', `The body is not valid ${encoding} data`, {
      field: 'Content-Encoding',
    })
  }
}

/**
 * How long a body within the limit may take to arrive, in all: a megabyte takes well under a
 * second even over a slow tunnel, and a sender that stops half-way does not hold a connection for
 * Node's five minutes.
 */
export const bodyDeadline = { ms: 30_000 }

async function withinDeadline(reading: Promise<ReceivedBody>): Promise<ReceivedBody> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ApiError(
            'request_timeout',
            `The request body did not arrive within ${bodyDeadline.ms / 1000} seconds`,
          ),
        ),
      bodyDeadline.ms,
    )
  })
  try {
    return await Promise.race([reading, late])
  } catch (error) {
    if (error instanceof ApiError) throw error
    // The sender went away half-way (Node's "aborted"): no one to answer, nothing to log.
    throw new ApiError('malformed_request', 'The request body was cut off before its end')
  } finally {
    clearTimeout(timer)
  }
}

async function readRaw(request: Request, max: number): Promise<ReceivedBody> {
  const announced = Number(request.headers.get('content-length') ?? Number.NaN)
  if (announced > max) return { bytes: null, size: announced }
  // A body of announced length within the limit is read whole: under @hono/node-server straight
  // from the socket, with no web stream made for it (a tenth of a small POST's time, bench/ W5).
  // Node's parser reads exactly that many bytes, so the limit holds.
  if (Number.isInteger(announced)) {
    const bytes = Buffer.from(await request.arrayBuffer())
    return { bytes, size: bytes.byteLength }
  }
  if (!request.body) return { bytes: Buffer.alloc(0), size: 0 }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > max) return { bytes: null, size }
      chunks.push(value)
    }
  } finally {
    reader.releaseLock()
  }
  return { bytes: Buffer.concat(chunks), size }
}
