import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'

/**
 * Sets headers on the answer, whichever part of the app makes it (a route, onError, a 304). Under
 * @hono/node-server they go straight onto Node's response, which merges them into the head it
 * writes: the answer stays on node-server's fast path, where touching `c.res.headers` would build a
 * WHATWG Headers object for it (a sixth of a small GET's time, bench/ W1). A header the answer sets
 * itself wins, as it would over an earlier `c.header()`. Called directly (`app.request` in tests),
 * they go onto `c.res`.
 */
export function setAnswerHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing
  for (const [name, value] of Object.entries(headers)) {
    if (outgoing && !outgoing.headersSent) outgoing.setHeader(name, value)
    else c.res.headers.set(name, value)
  }
}
