import type { Hono } from 'hono'
import type { AppEnv } from '../app-env'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import { createTunnelManager, type Timers, type TunnelManager } from './manager'
import { tunnelProviders } from './providers'
import type { TunnelProvider, TunnelProviderName } from './providers/provider'
import { createPublicApp, startPublicListener, type PublicListener } from './public-app'

export interface TunnelRuntime {
  manager: TunnelManager
  /** Takes the tunnel down and closes its listener. */
  close(): Promise<void>
}

/**
 * The tunnel's manager, forwarding to a listener of its own that serves only the inbound webhooks.
 * The listener starts on the first connection attempt, so a server without a tunnel opens no
 * second port.
 */
export function createTunnelRuntime(options: {
  inboundWebhooks: () => Hono<AppEnv>
  clock: Clock
  logger: Logger
  providers?: Record<TunnelProviderName, TunnelProvider>
  timers?: Timers
}): TunnelRuntime {
  let listener: Promise<PublicListener> | null = null
  const manager = createTunnelManager({
    providers: options.providers ?? tunnelProviders,
    clock: options.clock,
    logger: options.logger,
    timers: options.timers,
    localPort: async () => {
      listener ??= startPublicListener(createPublicApp(options.inboundWebhooks(), options.logger))
      return (await listener).port
    },
  })
  return {
    manager,
    close: async () => {
      await manager.stop()
      await (await listener)?.close()
    },
  }
}
