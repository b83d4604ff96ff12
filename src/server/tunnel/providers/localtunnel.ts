import localtunnel from 'localtunnel'
import { lossSignal, type TunnelProvider } from './provider'

export const defaultLocaltunnelHost = 'https://localtunnel.me'

/** localtunnel: free, no account; teams can point it at a localtunnel server of their own. */
export const localtunnelProvider: TunnelProvider = {
  name: 'localtunnel',
  unavailableReason: async () => null,
  async connect(localPort, options) {
    const tunnel = await localtunnel({
      port: localPort,
      local_host: '127.0.0.1',
      host: options.localtunnelHost ?? defaultLocaltunnelHost,
      subdomain: options.subdomain,
    })
    const { lost, report } = lossSignal()
    let closing = false
    tunnel.on('error', (error: Error) => {
      if (!closing) report(error)
    })
    tunnel.on('close', () => {
      if (!closing) report(new Error('localtunnel closed the tunnel'))
    })
    return {
      url: tunnel.url,
      lost,
      close: async () => {
        closing = true
        tunnel.close()
      },
    }
  },
}
