import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { InvalidArgumentError, Option, type Command } from 'commander'
import { defaultDataDir } from '../data-dir'
import { dataDirOption } from './options'
import { defaultHost, defaultPort, startServer } from '../server'
import type { TunnelState } from '../tunnel/manager'
import { tunnelProviderNames, type TunnelProviderName } from '../tunnel/providers/provider'

// The bundle lives in out/main; the built renderer beside it in out/renderer.
const uiDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'renderer')

function port(value: string): number {
  const parsed = Number(value)
  if (!/^\d+$/.test(value) || parsed > 65535) {
    throw new InvalidArgumentError('must be a port number from 0 to 65535')
  }
  return parsed
}

interface ServeOptions {
  dataDir?: string
  host: string
  port: number
  demo?: boolean
  allowHost?: string[]
  tunnel?: TunnelProviderName
  tunnelHost?: string
  tunnelSubdomain?: string
}

/**
 * Says on stdout when the tunnel comes up, fails or drops: once per change of status, URL or
 * error, not at every retry while it stays down.
 */
function reportTunnel(state: TunnelState, last: { key: string }): void {
  const key = [state.status, state.publicUrl, state.lastError].join('|')
  if (key === last.key) return
  last.key = key
  if (state.status === 'connected') {
    console.log(`Tunnel up: ${state.publicUrl} (only /webhooks/in/... is reachable through it)`)
  } else if (state.status === 'reconnecting') {
    const next = state.nextAttemptAt ? ` (next try at ${state.nextAttemptAt})` : ''
    console.log(`Tunnel down: ${state.lastError}. Retrying in the background${next}.`)
  }
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('serve the API and the UI over HTTP')
    .addOption(dataDirOption())
    .option('--host <host>', 'address to listen on', defaultHost)
    .option('--port <port>', 'port to listen on (0 picks a free one)', port, defaultPort)
    .option('--demo', 'create a Demo workspace full of sample data, if there is none')
    .option('--allow-host <name...>', 'extra host names the server answers to (besides loopback)')
    .addOption(
      new Option(
        '--tunnel <provider>',
        'expose the inbound webhooks (only them) to the internet',
      ).choices([...tunnelProviderNames]),
    )
    .option('--tunnel-host <url>', 'localtunnel server to use (default https://localtunnel.me)')
    .option('--tunnel-subdomain <name>', 'localtunnel subdomain to ask for, for a stable URL')
    .addHelpText(
      'after',
      '\nngrok reads its authtoken from the tunnel settings or NGROK_AUTHTOKEN.',
    )
    .action(async (options: ServeOptions) => {
      const dataDir = options.dataDir ?? defaultDataDir()
      const server = await startServer({
        dataDir,
        host: options.host,
        port: options.port,
        demo: options.demo,
        uiDir,
        allowedHosts: options.allowHost,
        tunnel: options.tunnel && {
          provider: options.tunnel,
          options: {
            localtunnelHost: options.tunnelHost,
            subdomain: options.tunnelSubdomain,
            ngrokAuthtoken: process.env.NGROK_AUTHTOKEN,
          },
        },
      })
      console.log(`Outpost is running at ${server.url}`)
      console.log(`  Open the UI (this link works once): ${server.loginUrl}`)
      console.log(`  API reference: ${server.url}/api/docs`)
      console.log(`  Data: ${dataDir}`)
      if (server.demoToken) {
        console.log(`  Demo workspace created. Its admin token, shown this once:`)
        console.log(`  ${server.demoToken}`)
      }
      console.log('Press Ctrl+C to stop.')
      const last = { key: '' }
      server.tunnel.subscribe((state) => reportTunnel(state, last))
      reportTunnel(server.tunnel.state(), last)
      const stop = () => {
        console.error('Stopping: finishing requests in flight...')
        void server.close().then(() => process.exit(0))
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
}
