/** The tunnel providers Outpost can use. */
export const tunnelProviderNames = ['localtunnel', 'ngrok', 'cloudflared'] as const
export type TunnelProviderName = (typeof tunnelProviderNames)[number]

export type TunnelStatus = 'off' | 'connecting' | 'connected' | 'reconnecting'

export interface TunnelState {
  status: TunnelStatus
  provider: TunnelProviderName | null
  /** The public base URL while connected, e.g. https://acme.loca.lt */
  publicUrl: string | null
  /** Why the last attempt failed or the tunnel dropped. */
  lastError: string | null
  /** Failed attempts since the tunnel was last up. */
  failures: number
  nextAttemptAt: string | null
}
