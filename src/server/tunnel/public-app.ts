import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env'
import type { Logger } from '../logger'
import { ApiError, renderError, sendError } from '../http/errors'

/**
 * What the internet may reach through a tunnel: the inbound webhooks, and nothing else. The REST
 * API, the management API and the UI are not mounted here at all, so no routing mistake can
 * expose them. There is no Host check: requests arrive under the tunnel's public host name.
 */
export function createPublicApp(inboundWebhooks: Hono<AppEnv>, logger: Logger) {
  const app = new Hono<AppEnv>()
  app.onError(renderError(logger))
  app.notFound((c) =>
    sendError(
      c,
      new ApiError('not_found', 'Only inbound webhooks (/webhooks/in/...) are reachable here'),
    ),
  )
  app.route('/webhooks/in', inboundWebhooks)
  return app
}

export interface PublicListener {
  port: number
  close(): Promise<void>
}

/** Serves `app` on a port of 127.0.0.1 of its own, for a tunnel client to forward to. */
export async function startPublicListener(app: Hono<AppEnv>): Promise<PublicListener> {
  const server = createAdaptorServer({ fetch: app.fetch })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}
