import { Hono, type MiddlewareHandler } from 'hono'
import type { AppDeps, AppEnv } from '../app-env'
import { isRecordedEventId } from '../events/service'
import { ApiError } from '../http/errors'
import { isBeingSent } from './http-sender'

/**
 * Refuses a request that is one of this server's own webhook deliveries coming back: its
 * webhook-id names an event recorded here, or a request this process is sending (a test event). A subscription pointed at this server (directly, by
 * another name, or through the tunnel) would otherwise turn each event into a change of its own,
 * through the inbound webhooks, and that into another event, without end.
 */
export function rejectOwnDeliveries({ db }: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const id = c.req.header('webhook-id')
    if (id && id.length <= 100 && (isBeingSent(id) || (await isRecordedEventId(db, id)))) {
      throw new ApiError(
        'loop_detected',
        'This request is a webhook delivery from this Outpost to itself; it was refused so that ' +
          'events cannot loop',
      )
    }
    await next()
  }
}

/**
 * `routes` behind the same guard, for a server that mounts them outside the main app: the
 * tunnel's public listener serves the inbound webhooks on a port of its own.
 */
export function withLoopGuard(deps: AppDeps, routes: Hono<AppEnv>): Hono<AppEnv> {
  return new Hono<AppEnv>().use('*', rejectOwnDeliveries(deps)).route('/', routes)
}
