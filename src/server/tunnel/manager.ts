import type { Clock } from '../clock'
import type { Logger } from '../logger'
import type { TunnelProviderName, TunnelState } from '../../shared/tunnel'
import type { TunnelConnection, TunnelOptions, TunnelProvider } from './providers/provider'

export type { TunnelState }

export interface TunnelTarget {
  provider: TunnelProviderName
  options: TunnelOptions
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(run: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

const nodeTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (run, ms) => setInterval(run, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
}

/** Waits between attempts: quick at first, then once a minute while the network stays away. */
export const reconnectDelaysMs = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000] as const
const watchdogMs = 30_000

/**
 * How long one attempt to open the tunnel may take, whatever the provider: offline, a tunnel
 * server that does not answer fails the attempt in this time (and the retries carry on), so no
 * request that turns the tunnel on waits longer.
 */
export const connectTimeoutMs = 10_000
const abortGraceMs = 1_000

export class TunnelUnavailableError extends Error {
  override name = 'TunnelUnavailableError'
}

export interface TunnelManagerDeps {
  providers: Record<TunnelProviderName, TunnelProvider>
  /** The port of the listener the tunnel forwards to (started on first use). */
  localPort: () => Promise<number>
  clock: Clock
  logger: Logger
  timers?: Timers
}

/**
 * Keeps one tunnel up while it is enabled: connects, notices when it drops (or when the laptop
 * slept through it) and reconnects with backoff, until stopped. Everyone can read its state and
 * subscribe to changes (the tray, the UI).
 */
export function createTunnelManager({
  providers,
  localPort,
  clock,
  logger,
  timers = nodeTimers,
}: TunnelManagerDeps) {
  let state: TunnelState = {
    status: 'off',
    provider: null,
    publicUrl: null,
    lastError: null,
    failures: 0,
    nextAttemptAt: null,
  }
  let target: TunnelTarget | null = null
  let connection: { close(): Promise<void> } | null = null
  let retryTimer: unknown = null
  let watchdog: unknown = null
  let lastTick = 0
  // Each start or stop begins a new generation; results of older attempts are dropped.
  let generation = 0
  const listeners = new Set<(state: TunnelState) => void>()

  function update(changes: Partial<TunnelState>): void {
    state = { ...state, ...changes }
    for (const listener of listeners) listener(state)
  }

  async function closeConnection(): Promise<void> {
    const open = connection
    connection = null
    await open?.close().catch((error: unknown) => logger.error('Closing the tunnel failed', error))
  }

  function scheduleRetry(error: Error, current: number): void {
    const failures = state.failures + 1
    const delay = reconnectDelaysMs[Math.min(failures, reconnectDelaysMs.length) - 1]!
    update({
      status: 'reconnecting',
      publicUrl: null,
      lastError: error.message,
      failures,
      nextAttemptAt: new Date(clock.now().getTime() + delay).toISOString(),
    })
    retryTimer = timers.setTimeout(() => {
      retryTimer = null
      if (current === generation) void attempt(current)
    }, delay)
  }

  /**
   * One connection attempt, bounded by `connectTimeoutMs`: past it the provider is told to stop
   * (its signal aborts) and fails with its own account of what hung; one that does not within
   * `abortGraceMs` fails the attempt anyway. A tunnel that opens after the deadline is closed.
   */
  function connectWithin(provider: TunnelProvider, port: number, options: TunnelOptions) {
    const controller = new AbortController()
    return new Promise<TunnelConnection>((resolve, reject) => {
      let grace: unknown = null
      const deadline = timers.setTimeout(() => {
        const reason = `no answer within ${connectTimeoutMs / 1000} seconds`
        controller.abort(new Error(`${reason} (is this computer offline?)`))
        grace = timers.setTimeout(
          () => reject(new Error(`Could not open the ${provider.name} tunnel: ${reason}`)),
          abortGraceMs,
        )
      }, connectTimeoutMs)
      const settled = () => {
        timers.clearTimeout(deadline)
        if (grace) timers.clearTimeout(grace)
      }
      provider.connect(port, options, controller.signal).then(
        (opened) => {
          settled()
          if (controller.signal.aborted) void opened.close().catch(() => undefined)
          else resolve(opened)
        },
        (error: unknown) => {
          settled()
          reject(error)
        },
      )
    })
  }

  async function attempt(current: number): Promise<void> {
    if (!target) return
    try {
      const port = await localPort()
      const opened = await connectWithin(providers[target.provider], port, target.options)
      if (current !== generation) return void (await opened.close())
      connection = opened
      update({ status: 'connected', publicUrl: opened.url, failures: 0, nextAttemptAt: null })
      logger.info(`Tunnel up: ${opened.url} (inbound webhooks only)`)
      void opened.lost.then(async (error) => {
        if (current !== generation || connection !== opened) return
        logger.error(`Tunnel dropped: ${error.message}; reconnecting`)
        await closeConnection()
        scheduleRetry(error, current)
      })
    } catch (error) {
      if (current !== generation) return
      scheduleRetry(error instanceof Error ? error : new Error(String(error)), current)
    }
  }

  // After a sleep the tunnel's sockets are dead long before anything notices: when the clock
  // jumps far past the watchdog's period, reconnect at once.
  function checkForSleep(): void {
    const now = clock.now().getTime()
    const slept = now - lastTick > watchdogMs * 3
    lastTick = now
    if (!slept || !target) return
    if (state.status === 'connected' || state.status === 'reconnecting') {
      const current = ++generation
      if (retryTimer) timers.clearTimeout(retryTimer)
      retryTimer = null
      void closeConnection().then(() => {
        update({
          status: 'connecting',
          publicUrl: null,
          lastError: 'Reconnecting after the computer slept',
          failures: 0,
        })
        return attempt(current)
      })
    }
  }

  async function stop(): Promise<void> {
    generation++
    target = null
    if (retryTimer) timers.clearTimeout(retryTimer)
    if (watchdog) timers.clearInterval(watchdog)
    retryTimer = null
    watchdog = null
    await closeConnection()
    if (state.status !== 'off') {
      update({ status: 'off', provider: null, publicUrl: null, nextAttemptAt: null, failures: 0 })
    }
  }

  return {
    state: (): TunnelState => state,

    subscribe(listener: (state: TunnelState) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    /** Starts (or restarts) the tunnel; resolves after the first attempt, up or retrying. */
    async start(next: TunnelTarget): Promise<TunnelState> {
      const reason = await providers[next.provider].unavailableReason(next.options)
      if (reason) throw new TunnelUnavailableError(reason)
      await stop()
      target = next
      const current = ++generation
      update({
        status: 'connecting',
        provider: next.provider,
        publicUrl: null,
        lastError: null,
        failures: 0,
        nextAttemptAt: null,
      })
      lastTick = clock.now().getTime()
      watchdog = timers.setInterval(checkForSleep, watchdogMs)
      await attempt(current)
      return state
    },

    /** Closes the tunnel and stops reconnecting. */
    stop,
  }
}

export type TunnelManager = ReturnType<typeof createTunnelManager>
