import type { MiddlewareHandler } from 'hono'
import { ApiError } from './errors'

const loopbackNames = ['localhost', '127.0.0.1', '[::1]']

/** The host name of a Host header, without its port. */
export function hostName(host: string): string {
  const bracketEnd = host.indexOf(']')
  if (host.startsWith('[') && bracketEnd > 0) return host.slice(0, bracketEnd + 1).toLowerCase()
  return host.split(':')[0]!.toLowerCase()
}

/**
 * Refuses requests whose Host header is not one of ours. A web page on an attacker's domain can
 * resolve that domain to 127.0.0.1 (DNS rebinding) and then call us from the browser; its requests
 * still carry the attacker's host name, and stop here.
 */
export function hostCheck(extraHosts: readonly string[] = []): MiddlewareHandler {
  const allowed = new Set([...loopbackNames, ...extraHosts.map(hostName)])
  return async (c, next) => {
    const host = c.req.header('host')
    if (!host || !allowed.has(hostName(host))) {
      throw new ApiError('forbidden_host', 'Host header is not allowed for this server')
    }
    await next()
  }
}
