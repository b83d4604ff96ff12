import { lossSignal, type TunnelProvider } from './provider'

export const defaultLocaltunnelHost = 'https://localtunnel.me'

/** What a localtunnel server answers to a tunnel request. */
interface Registration {
  id: string
  url: string
  port: number
  max_conn_count?: number
}

function isRegistration(body: unknown): body is Registration {
  const value = body as Partial<Registration> | null
  return (
    typeof value?.id === 'string' && typeof value.url === 'string' && Number.isInteger(value.port)
  )
}

const networkReasons: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'host not found (is this computer offline?)',
  EAI_AGAIN: 'host not found (is this computer offline?)',
  ENETUNREACH: 'network unreachable (is this computer offline?)',
  EHOSTUNREACH: 'host unreachable (is this computer offline?)',
}

/** Why a request to the tunnel server failed, in words; the deadline's own message as it is. */
function reasonOf(error: unknown, signal: AbortSignal): string {
  if (signal.aborted && signal.reason instanceof Error) return signal.reason.message
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code
  if (typeof code === 'string' && networkReasons[code]) return networkReasons[code]
  return error instanceof Error ? error.message : String(error)
}

/** Asks the tunnel server for a tunnel: once, and no longer than the signal allows. */
async function register(host: string, subdomain: string | undefined, signal: AbortSignal) {
  const failure = (reason: string) =>
    new Error(`Could not reach the localtunnel server ${host}: ${reason}`)
  let response: Response
  let body: unknown
  try {
    response = await fetch(`${host}/${subdomain ?? '?new'}`, { signal })
    body = await response.json().catch(() => null)
  } catch (error) {
    throw failure(reasonOf(error, signal))
  }
  const message = (body as { message?: unknown } | null)?.message
  if (!response.ok || !isRegistration(body)) {
    throw new Error(
      `The localtunnel server ${host} refused the tunnel: ` +
        (typeof message === 'string' ? message : `HTTP ${response.status}`),
    )
  }
  return body
}

/** localtunnel: free, no account; teams can point it at a localtunnel server of their own. */
export const localtunnelProvider: TunnelProvider = {
  name: 'localtunnel',
  unavailableReason: async () => null,
  async connect(localPort, options, signal) {
    const host = (options.localtunnelHost ?? defaultLocaltunnelHost).replace(/\/+$/, '')
    const registration = await register(host, options.subdomain, signal)
    // Loaded only when a tunnel is wanted: most servers never open one, and should not start slower.
    const { default: Tunnel } = await import('localtunnel/lib/Tunnel.js')
    const tunnel = new Tunnel({
      port: localPort,
      local_host: '127.0.0.1',
      host,
      subdomain: options.subdomain,
    })
    tunnel._init = (done) => done(null, tunnel._getInfo(registration))
    // Up once the first socket to the server is open; an error or the deadline first is a failure.
    await new Promise<void>((resolve, reject) => {
      let settled = false
      const settle = (error?: Error) => {
        if (settled) return
        settled = true
        signal.removeEventListener('abort', onAbort)
        tunnel.removeListener('error', settle)
        if (!error) return resolve()
        // A socket still connecting may report an error later: nobody needs it any more.
        tunnel.on('error', () => undefined)
        tunnel.close()
        reject(error)
      }
      const onAbort = () =>
        settle(
          new Error(
            `The localtunnel server ${host} gave a tunnel, but its port ${registration.port} ` +
              `did not answer: ${reasonOf(null, signal)}`,
          ),
        )
      if (signal.aborted) return onAbort()
      signal.addEventListener('abort', onAbort, { once: true })
      tunnel.once('url', () => settle())
      tunnel.once('error', settle)
      tunnel.open((error) => error && settle(error))
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
      url: registration.url,
      lost,
      close: async () => {
        closing = true
        tunnel.close()
      },
    }
  },
}
