import type { TunnelProviderName } from '../../../shared/tunnel'

export { tunnelProviderNames, type TunnelProviderName } from '../../../shared/tunnel'

export interface TunnelOptions {
  /** localtunnel: the tunnel server, for teams that run their own (default https://localtunnel.me). */
  localtunnelHost?: string
  /** localtunnel: ask for this subdomain, so the public URL stays the same across reconnects. */
  subdomain?: string
  /** ngrok: the account's authtoken. */
  ngrokAuthtoken?: string
}

/** One live tunnel from a public URL to a port on 127.0.0.1. */
export interface TunnelConnection {
  url: string
  /** Settles when the tunnel drops by itself (network lost, laptop asleep, server gone). */
  lost: Promise<Error>
  close(): Promise<void>
}

export interface TunnelProvider {
  name: TunnelProviderName
  /** Why this provider cannot be used here, or null when it can. */
  unavailableReason(options: TunnelOptions): Promise<string | null>
  /**
   * Opens a tunnel. `signal` aborts when the attempt has run out of time (`connectTimeoutMs`): the
   * provider stops what it started (requests, child processes) and rejects.
   */
  connect(localPort: number, options: TunnelOptions, signal: AbortSignal): Promise<TunnelConnection>
}

/** A promise that settles once, from outside: how a provider reports that its tunnel dropped. */
export function lossSignal(): { lost: Promise<Error>; report: (error: Error) => void } {
  let report: (error: Error) => void = () => {}
  const lost = new Promise<Error>((resolve) => {
    report = resolve
  })
  return { lost, report }
}
