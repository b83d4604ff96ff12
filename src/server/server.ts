import type { AddressInfo } from 'node:net'
import { createServer, type RequestListener, type Server } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { defaultHost, defaultPort } from './address'
import { createApp } from './app'
import type { AppDeps } from './app-env'
import { startReminderScheduler } from './activities/reminders'
import type { Activity } from './activities/schema'
import { startWebhookAlerts } from './webhooks-out/alerts'
import type { WebhookAlert } from './webhooks-out/schema'
import { snoozeActivity, updateActivity } from './activities/service'
import { systemClock, type Clock } from './clock'
import type { PeriodicTask } from './periodic'
import type { Db } from './db/connection'
import { demoWorkspaceName, seedDemoWorkspace } from './demo/seed'
import { unreadableRequest } from './http/unreadable-request'
import { trackRequests } from './http/graceful-close'
import { answerClientErrors } from './http/client-errors'
import { createRateLimiter, createSharedRateLimiter } from './http/rate-limit'
import { consoleLogger, type Logger } from './logger'
import { inboundPublicRoutes } from './inbound/public-routes'
import {
  findAnsweringServer,
  removeServerRecord,
  writeServerRecord,
  type ServerRecord,
} from './server-record'
import { createLoginGate } from './sessions/login-gate'
import { createLoginLink } from './sessions/service'
import type { TunnelManager, TunnelState, TunnelTarget } from './tunnel/manager'
import { createTunnelRuntime } from './tunnel/runtime'
import { configureTunnel, resumeTunnel } from './tunnel/service'
import { withLoopGuard } from './webhooks-out/loop-guard'
import { startDeliveryWorker, type DeliveryWorker } from './webhooks-out/worker'
import { startEventPruner, type EventPruner } from './events/retention'
import { startSearchIndexMerger } from './people/search-index-merge'
import { startReplicaSync, type ReplicaSync } from './sync/runner'
import { startBackupSchedule } from './backups/schedule'
import { ensureDefaultWorkspace, openDataDir, StartupError } from './workspace-store'
import { findWorkspaceByName } from './workspaces/service'
import { fileKeyStore, keychainWrapping, type Keychain } from './sealing/key-store'
import { lostKeyMessage, prepareSealing, type SealingReport } from './sealing/prepare'
import { releaseKey } from './sealing/sealed-text'
import { loginLinkCommand } from '../shared/login-link'

export { defaultHost, defaultPort }

export interface ServerOptions {
  dataDir: string
  /**
   * A PostgreSQL database (postgres://user:password@host/name) to run on instead of the data
   * folder's SQLite file (docs/team-server.md). The data folder still holds secrets.key and
   * server.json.
   */
  databaseUrl?: string
  host?: string
  /** 0 picks a free port. */
  port?: number
  /**
   * How many ports after `port` to try, in order, when it is taken (`outpost serve` without an
   * explicit port). 0, the default, fails on a taken port.
   */
  nextFreePorts?: number
  /** Create and seed the "Demo" workspace if the data has none. */
  demo?: boolean
  /** What prints a new login link for this data folder (`--data-dir` when the CLI needs it). */
  loginLinkCommand?: string
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
  /**
   * The operating system's keychain (the desktop app's Electron safeStorage): the key that seals
   * credentials is then kept encrypted by it in `secrets.key`; without one, the file alone, mode
   * 0600, as `outpost serve` keeps it.
   */
  keychain?: Keychain
  /** Take a backup daily into `<data dir>/backups` (backups/schedule.ts); true unless told. */
  dailyBackups?: boolean
  /** Hears the reminders that come due (the desktop app shows them as notifications). */
  onReminders?: (due: Activity[]) => void
  /** Hears each outbound webhook newly failing for an hour or disabled, once (the desktop app). */
  onWebhookAlerts?: (alerts: WebhookAlert[]) => void
  /** How often a replica syncs with its team server (sync/runner.ts): every second unless told. */
  syncEveryMs?: number
}

export interface RunningServer {
  url: string
  host: string
  port: number
  db: Db
  /** Opens a UI session in a browser; works once, for a day (see docs/ui.md). */
  loginUrl: string
  /** Set when this start created the demo workspace: its admin token, shown this once. */
  demoToken?: string
  /** The outbound webhook worker; `runDue()` makes the attempts due now (tests use it). */
  deliveries: DeliveryWorker
  /** Prunes events past their workspace's retention window; `runNow()` for tests. */
  eventPruner: EventPruner
  /** Fires reminders as they come due; `runNow()` fires those due now (tests use it). */
  reminders: PeriodicTask<Activity[]>
  /** Tells of outbound webhooks newly in trouble; `runNow()` looks now (tests use it). */
  webhookAlerts: PeriodicTask<WebhookAlert[]>
  /** A replica's sync with its team server; idle unless the data folder is one (sync/). */
  replicaSync: ReplicaSync
  /** What a reminder's notification can do to its activity (the desktop app's Done and Snooze). */
  reminderActions: {
    done(activity: Activity): Promise<unknown>
    snooze(activity: Activity, minutes: number): Promise<unknown>
  }
  /** The optional tunnel to the inbound webhooks (off unless enabled in settings or options). */
  tunnel: TunnelManager
  /**
   * Turns the tunnel on or off and saves the choice, as Settings > Tunnel does; the desktop app's
   * tray and window call this rather than reaching into the database.
   */
  setTunnelEnabled(enabled: boolean): Promise<TunnelState>
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
    return new StartupError(`${host} is not an address of this machine; try --host 127.0.0.1`)
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN')
    return new StartupError(`${host} is not a host name or address; try --host 127.0.0.1`)
  if (error.code === 'EACCES') return new StartupError(`not allowed to listen on ${host}:${port}`)
  return error
}

function listenOn(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

/** Listens on `port`, or on the first free one of the `nextFreePorts` after it. */
async function listenOnFirstFree(
  server: Server,
  host: string,
  port: number,
  nextFreePorts: number,
): Promise<void> {
  for (let candidate = port; ; candidate++) {
    try {
      return await listenOn(server, host, candidate)
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      if (taken && candidate < Math.min(port + nextFreePorts, 65535)) continue
      if (taken && candidate > port) {
        throw new StartupError(
          `ports ${port} to ${candidate} on ${host} are all in use; pick another with --port`,
        )
      }
      throw listenError(error as NodeJS.ErrnoException, host, port)
    }
  }
}

/**
 * Opens the data directory, prepares its workspaces and serves the API and UI over HTTP. The port
 * is taken first and the database touched after, so a start that cannot listen creates nothing,
 * and no once-shown secret (the demo's admin token) is minted by a start that then fails.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? defaultHost
  const port = options.port ?? defaultPort
  const clock = options.clock ?? systemClock
  const logger = options.logger ?? consoleLogger

  // A SQLite file is served by one process (docs/durability.md): a second would take over
  // server.json, and remove it on stopping while the first still serves. Several processes share
  // a PostgreSQL database by design (docs/team-server.md).
  const running = options.databaseUrl ? null : await findAnsweringServer(options.dataDir)
  if (running) {
    throw new StartupError(
      `Outpost is already running on this data folder at ${running.url} (process ${running.pid}); ` +
        'open that one, or stop it first (--data-dir chooses another folder)',
    )
  }
  // Until the app is ready (a moment), the port answers 503 rather than refusing connections.
  let listener: RequestListener = (_request, response) => {
    response.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '1' })
    response.end('Outpost is starting\n')
  }
  // A request without a Host goes on to the listener, whose refusal carries the error envelope
  // (Node's own is an empty 400).
  const server = createServer({ requireHostHeader: false }, (request, response) =>
    listener(request, response),
  )
  answerClientErrors(server)
  const requests = trackRequests(server)
  await listenOnFirstFree(server, host, port, options.nextFreePorts ?? 0)
  const address = server.address() as AddressInfo
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const url = `http://${urlHost}:${address.port}`

  let db: Db
  let demoToken: string | undefined
  let loginSecret: string
  let sealing: SealingReport
  const keyStore = fileKeyStore(
    options.dataDir,
    options.keychain && keychainWrapping(options.keychain),
  )
  try {
    db = await openDataDir(options.dataDir, options.databaseUrl)
  } catch (error) {
    await requests.close(0)
    throw error
  }
  try {
    sealing = await prepareSealing(db, keyStore)
    if (sealing.unreadable > 0) logger.error(lostKeyMessage(sealing, options.dataDir))
    if (options.demo && !(await findWorkspaceByName(db, demoWorkspaceName))) {
      // On a fresh data directory the demo becomes the default workspace.
      demoToken = (await seedDemoWorkspace(db, clock.now())).adminToken
    }
    await ensureDefaultWorkspace(db, clock.now())
    loginSecret = (await createLoginLink(db, clock.now())).secret
  } catch (error) {
    await requests.close(0)
    await db.destroy()
    throw error
  }

  const loginGate = createLoginGate({ desktopSecret: options.desktopSessionSecret })
  const shutdown = new AbortController()
  const deps: AppDeps = {
    db,
    clock,
    logger,
    // Several processes may serve one PostgreSQL database: they share the counts there.
    rateLimiter: options.databaseUrl
      ? createSharedRateLimiter(db, clock)
      : createRateLimiter(clock),
    uiDir: options.uiDir,
    allowedHosts: [host, ...(options.allowedHosts ?? [])],
    loginGate,
    loginLinkCommand: options.loginLinkCommand ?? loginLinkCommand,
    shutdown: shutdown.signal,
    dataDir: options.dataDir,
    externalDatabase: options.databaseUrl !== undefined,
    keyStore,
  }
  const tunnel = createTunnelRuntime({
    inboundWebhooks: () => withLoopGuard(deps, inboundPublicRoutes(deps)),
    clock,
    logger,
  })
  deps.tunnel = tunnel.manager
  listener = getRequestListener(createApp(deps).fetch, {
    errorHandler: unreadableRequest(logger),
  })

  const record: ServerRecord = {
    pid: process.pid,
    url,
    host,
    port: address.port,
    startedAt: clock.now().toISOString(),
  }
  try {
    writeServerRecord(options.dataDir, record)
  } catch (error) {
    // The server works without it; only `outpost url` and `login-link` lose their guide.
    logger.error('Could not write server.json in the data folder', error)
  }
  const deliveries = startDeliveryWorker({ db, clock, logger })
  const eventPruner = startEventPruner({ db, clock, logger })
  const reminders = startReminderScheduler({ db, clock, logger, notify: options.onReminders })
  const webhookAlerts = startWebhookAlerts({ db, clock, logger, notify: options.onWebhookAlerts })
  const searchIndexMerger = startSearchIndexMerger({ db, logger })
  // Idle unless this data folder is a replica of a team server (sync/).
  const replicaSync = startReplicaSync({ db, clock, logger, everyMs: options.syncEveryMs })
  // A PostgreSQL database is backed up by pg_dump, not by copying a file (docs/team-server.md).
  const backups =
    options.dailyBackups === false || options.databaseUrl
      ? null
      : startBackupSchedule({ dataDir: options.dataDir, clock, logger })
  // In the background: a slow or absent network must not hold up the server.
  void resumeTunnel(db, tunnel.manager, options.tunnel).catch((error: unknown) =>
    logger.error('The tunnel could not start', error),
  )
  let closing: Promise<void> | undefined
  return {
    url,
    loginUrl: `${url}/login?token=${loginSecret}`,
    host,
    port: address.port,
    db,
    demoToken,
    deliveries,
    eventPruner,
    reminders,
    webhookAlerts,
    replicaSync,
    reminderActions: {
      done: ({ tenantId, id }) => updateActivity(db, tenantId, id, { done: true }, clock.now()),
      snooze: ({ tenantId, id }, minutes) => snoozeActivity(db, tenantId, id, minutes, clock.now()),
    },
    tunnel: tunnel.manager,
    setTunnelEnabled: async (enabled) => {
      await configureTunnel(db, tunnel.manager, { enabled }, clock.now())
      return tunnel.manager.state()
    },
    close: () =>
      (closing ??= (async () => {
        removeServerRecord(options.dataDir, record)
        shutdown.abort()
        const deliveriesStopped = deliveries.stop()
        const prunerStopped = eventPruner.stop()
        const remindersStopped = reminders.stop()
        const alertsStopped = webhookAlerts.stop()
        const mergerStopped = searchIndexMerger.stop()
        const replicaSyncStopped = replicaSync.stop()
        const backupsStopped = backups?.stop()
        await tunnel.close()
        await requests.close(shutdownGraceMs)
        await deliveriesStopped
        await prunerStopped
        await remindersStopped
        await alertsStopped
        await mergerStopped
        await replicaSyncStopped
        await backupsStopped
        await db.destroy()
        releaseKey(sealing.keyId)
      })()),
  }
}
