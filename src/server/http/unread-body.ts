import type { HttpBindings } from '@hono/node-server'
import type { Context, MiddlewareHandler } from 'hono'

/**
 * How much of a request body the server reads and throws away when it answers without needing
 * the rest (a 413, a 401 before the body, a 404 for an unknown webhook): the same bounds as
 * nginx's lingering close, in bytes rather than for ever.
 */
export const unreadBodyLimits = {
  /** Largest body, announced or counted, the server reads to the end before answering. */
  maxBytes: 64 * 1024 * 1024,
  /** Longest wait for the rest of a body, in all. */
  totalMs: 30_000,
  /** Longest wait for the next chunk of it: a sender that stalls is not waited for. */
  idleMs: 5_000,
}

export type UnreadBodyLimits = typeof unreadBodyLimits

function incomingOf(c: Context): HttpBindings['incoming'] | undefined {
  // Set by @hono/node-server; absent when the app is called directly (app.request in tests).
  return (c.env as Partial<HttpBindings> | undefined)?.incoming
}

const timedOut = Symbol('timed out')

function readWithin<T>(read: Promise<T>, ms: number): Promise<T | typeof timedOut> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<typeof timedOut>((resolve) => {
    timer = setTimeout(resolve, ms, timedOut)
  })
  return Promise.race([read, late]).finally(() => clearTimeout(timer))
}

/** Reads `body` to its end, keeping nothing; false when a limit stops it first. */
async function discard(body: ReadableStream<Uint8Array>, limits: UnreadBodyLimits) {
  if (body.locked) return false
  const reader = body.getReader()
  const started = performance.now()
  let bytes = 0
  try {
    for (;;) {
      const left = limits.totalMs - (performance.now() - started)
      const chunk = await readWithin(reader.read(), Math.min(limits.idleMs, left))
      if (chunk === timedOut) return false
      if (chunk.done) return true
      bytes += chunk.value.byteLength
      if (bytes > limits.maxBytes) return false
    }
  } catch {
    return false
  } finally {
    // Rejects a read still waiting. Not cancel(): that could destroy the socket under the answer.
    reader.releaseLock()
  }
}

/**
 * Reads what is left of the request body before the answer goes out. Otherwise the connection is
 * closed under a sender that is still writing (by Node after a `Connection: close` answer, by
 * @hono/node-server when its 500 ms drain runs out), and a client that writes its whole body
 * before reading (Python's urllib, a plain socket) sees a reset instead of the answer (RFC 9112,
 * section 9.6). So the rest is read and thrown away, within `limits`; past them the answer says
 * `Connection: close`, and only such a sender may see the reset.
 *
 * Body readers (`json-body.ts`, the inbound webhooks) leave the stream unlocked when they stop
 * early, for this to finish it.
 */
export function finishReadingBody(limits: UnreadBodyLimits = unreadBodyLimits): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const incoming = incomingOf(c)
    if (!incoming || incoming.complete || c.req.method === 'GET' || c.req.method === 'HEAD') return
    const announced = Number(c.req.header('content-length') ?? 0)
    const body = c.req.raw.body
    const finished = announced <= limits.maxBytes && body !== null && (await discard(body, limits))
    if (!finished && !incoming.complete) c.header('Connection', 'close')
  }
}
