import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The address a request came from, for counting requests that carry no credential. Through the
 * tunnel every request comes from its local client, so there they share one count.
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown' // requests made in-process (app.request in tests) have no socket
  }
}
