import { lossSignal, type TunnelProvider } from './provider'

/** ngrok: needs an account's authtoken; its agent library reconnects by itself after a drop. */
export const ngrokProvider: TunnelProvider = {
  name: 'ngrok',
  unavailableReason: async (options) =>
    options.ngrokAuthtoken
      ? null
      : 'ngrok needs an authtoken (tunnel settings, or NGROK_AUTHTOKEN)',
  async connect(localPort, options) {
    // Loaded on first use: a native module that only ngrok users need.
    const ngrok = await import('@ngrok/ngrok')
    const { lost, report } = lossSignal()
    let closing = false
    const listener = await ngrok.forward({
      addr: `127.0.0.1:${localPort}`,
      authtoken: options.ngrokAuthtoken,
      onStatusChange: (status: string) => {
        if (status === 'closed' && !closing) report(new Error('ngrok lost its connection'))
      },
    })
    const url = listener.url()
    if (!url) {
      await listener.close()
      throw new Error('ngrok gave no public URL')
    }
    return {
      url,
      lost,
      close: async () => {
        closing = true
        await listener.close()
      },
    }
  },
}
