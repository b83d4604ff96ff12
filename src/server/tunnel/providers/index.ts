import { cloudflaredProvider } from './cloudflared'
import { localtunnelProvider } from './localtunnel'
import { ngrokProvider } from './ngrok'
import type { TunnelProvider, TunnelProviderName } from './provider'

export const tunnelProviders: Record<TunnelProviderName, TunnelProvider> = {
  localtunnel: localtunnelProvider,
  ngrok: ngrokProvider,
  cloudflared: cloudflaredProvider,
}
