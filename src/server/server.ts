import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { createApp } from './app'
import type { AppDeps } from './app-env'
import { systemClock, type Clock } from './clock'
import type { Db } from './db/connection'
import { demoWorkspaceName, seedDemoWorkspace } from './demo/seed'
import { trackRequests } from './http/graceful-close'
import { createRateLimiter } from './http/rate-limit'
import { consoleLogger, type Logger } from './logger'
import { inboundPublicRoutes } from './inbound/public-routes'
import { createLoginGate } from './sessions/login-gate'
import type { TunnelManager, TunnelTarget } from './tunnel/manager'
import { createTunnelRuntime } from './tunnel/runtime'
import { resumeTunnel } from './tunnel/service'
import { withLoopGuard } from './webhooks-out/loop-guard'
import { startDeliveryWorker, type DeliveryWorker } from './webhooks-out/worker'
import { ensureDefaultWorkspace, openDataDir, StartupError } from './workspace-store'
import { findWorkspaceByName } from './workspaces/service'

export const defaultHost = '127.0.0.1'
export const defaultPort = 4780

export interface ServerOptions {
  dataDir: string
  host?: string
  /** 0 picks a free port. */
  port?: number
  /** Create and seed the "Demo" workspace if the data has none. */
  demo?: boolean
  uiDir?: string
  allowedHosts?: string[]
  clock?: Clock
  logger?: Logger
  /**
   * The desktop app's per-launch secret: its window trades it for a session cookie at
   * `POST /api/session/desktop` (see docs/ui.md). Headless servers leave it out.
   */
  desktopSessionSecret?: string
  /** Bring the tunnel up with these settings for this run (`serve --tunnel`), not the saved ones. */
  tunnel?: TunnelTarget
}

export interface RunningServer {
  url: string
  host: string
  port: number
  db: Db
  /** Opens a UI session in a browser; works once per launch (see docs/ui.md). */
  loginUrl: string
  /** Set when this start created the demo workspace: its admin token, shown this once. */
  demoToken?: string
  /** The outbound webhook worker; `runDue()` makes the attempts due now (tests use it). */
  deliveries: DeliveryWorker
  /** The optional tunnel to the inbound webhooks (off unless enabled in settings or options). */
  tunnel: TunnelManager
  /**
   * Stops accepting connections, ends event streams, lets requests and webhook attempts in
   * flight finish, then closes the database.
   */
  close(): Promise<void>
}

const shutdownGraceMs = 5_000

function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  if (error.code === 'EADDRINUSE') {
    return new StartupError(`port ${port} on ${host} is already in use; pick another with --port`)
  }
  if (error.code === 'EADDRNOTAVAIL')
    return new StartupError(`${host} is not an address of this machine`)
  if (error.code === 'EACCES') return new StartupError(`not allowed to listen on ${host}:${port}`)
  return error
}

/** Opens the data directory, prepares its workspaces and serves the API and UI over HTTP. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? defaultHost
  const port = options.port ?? defaultPort
  const clock = options.clock ?? systemClock
  const logger = options.logger ?? consoleLogger
  const db = await openDataDir(options.dataDir)
  let demoToken: string | undefined
  try {
    if (options.demo && !(await findWorkspaceByName(db, demoWorkspaceName))) {
      // On a fresh data directory the demo becomes the default workspace.
      demoToken = (await seedDemoWorkspace(db, clock.now())).adminToken
    }
    await ensureDefaultWorkspace(db, clock.now())
  } catch (error) {
    await db.destroy()
    throw error
  }

  const loginGate = createLoginGate({ desktopSecret: options.desktopSessionSecret })
  const shutdown = new AbortController()
  const deps: AppDeps = {
    db,
    clock,
    logger,
    rateLimiter: createRateLimiter(clock),
    uiDir: options.uiDir,
    allowedHosts: [host, ...(options.allowedHosts ?? [])],
    loginGate,
    shutdown: shutdown.signal,
  }
  const tunnel = createTunnelRuntime({
    inboundWebhooks: () => withLoopGuard(deps, inboundPublicRoutes(deps)),
    clock,
    logger,
  })
  deps.tunnel = tunnel.manager
  const app = createApp(deps)
  const server = createServer(getRequestListener(app.fetch))
  const requests = trackRequests(server)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    await db.destroy()
    throw listenError(error as NodeJS.ErrnoException, host, port)
  }

  const address = server.address() as AddressInfo
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const deliveries = startDeliveryWorker({ db, clock, logger })
  // In the background: a slow or absent network must not hold up the server.
  void resumeTunnel(db, tunnel.manager, options.tunnel).catch((error: unknown) =>
    logger.error('The tunnel could not start', error),
  )
  let closing: Promise<void> | undefined
  const url = `http://${urlHost}:${address.port}`
  return {
    url,
    loginUrl: `${url}/login?token=${loginGate.loginSecret}`,
    host,
    port: address.port,
    db,
    demoToken,
    deliveries,
    tunnel: tunnel.manager,
    close: () =>
      (closing ??= (async () => {
        shutdown.abort()
        const deliveriesStopped = deliveries.stop()
        await tunnel.close()
        await requests.close(shutdownGraceMs)
        await deliveriesStopped
        await db.destroy()
      })()),
  }
}
