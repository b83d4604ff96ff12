import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { InvalidArgumentError, Option, type Command } from 'commander'
import { defaultHost, defaultPort } from '../address'
import { redactDatabaseUrl } from '../db/database-url'
import type { TunnelState } from '../tunnel/manager'
import { tunnelProviderNames, type TunnelProviderName } from '../tunnel/providers/provider'
import { loginLinkCommand } from '../../shared/login-link'
import {
  databaseUrlOption,
  dataDirOption,
  demoDataDirName,
  findDataDir,
  resolveDatabaseUrl,
  resolveDataDir,
} from './options'

// The bundle lives in out/main; the built renderer beside it in out/renderer.
const uiDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'renderer')

function port(value: string): number {
  const parsed = Number(value)
  if (!/^\d+$/.test(value) || parsed > 65535) {
    throw new InvalidArgumentError('must be a port number from 0 to 65535')
  }
  return parsed
}

// 4780 to 4799: enough for a few Outpost servers side by side.
const nextFreePorts = 19

/**
 * What to paste in a second terminal to script against this server: the same CLI finds the same
 * data folder (the demo folder, OUTPOST_DATA_DIR or the default), or is told it (`flag`).
 */
function secondTerminal(url: string, flag: string, databaseUrl?: string): string[] {
  return [
    ...(databaseUrl ? [databaseLine(databaseUrl)] : []),
    `export OUTPOST=${url}`,
    `export OUTPOST_TOKEN=$(npx outpost token create --scope admin${flag})`,
    `${loginLinkCommand}${flag}   # a new login link, whenever you need one`,
  ]
}

/** Every command needs the team server's database too; its password is not printed. */
function databaseLine(databaseUrl: string): string {
  const redacted = redactDatabaseUrl(databaseUrl)
  const hidden = redacted.includes(':*****@')
  const quoted = (hidden ? redacted : databaseUrl).replaceAll("'", "'\\''")
  return `export OUTPOST_DATABASE_URL='${quoted}'${hidden ? '   # your password in place of *****' : ''}`
}

/**
 * ` --data-dir '…'`, unless a CLI started without it finds the same folder: the demo folder of
 * the current folder is found once its SQLite file exists, which the server about to start makes.
 */
function dataDirFlag(dataDir: string, databaseUrl?: string): string {
  const demo = !databaseUrl && resolve(dataDir) === resolve(demoDataDirName)
  const found = demo
    ? !process.env.OUTPOST_DATA_DIR
    : resolve(findDataDir(undefined).dir) === resolve(dataDir)
  return found ? '' : ` --data-dir '${dataDir.replaceAll("'", "'\\''")}'`
}

interface ServeOptions {
  dataDir?: string
  databaseUrl?: string
  host: string
  port: number
  demo?: boolean
  allowHost?: string[]
  tunnel?: TunnelProviderName
  tunnelHost?: string
  tunnelSubdomain?: string
  /** False with --no-backups. */
  backups: boolean
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
    .addOption(databaseUrlOption())
    .addOption(
      new Option('--host <host>', 'address to listen on').env('OUTPOST_HOST').default(defaultHost),
    )
    .addOption(
      new Option(
        '--port <port>',
        `port to listen on; without this flag or OUTPOST_PORT, ${defaultPort} or the next free ` +
          `one up to ${defaultPort + nextFreePorts} (0 picks any free one)`,
      )
        .env('OUTPOST_PORT')
        .argParser(port)
        .default(defaultPort),
    )
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
    .option(
      '--no-backups',
      'take no daily backup into <data dir>/backups (the backup before an upgrade is still taken)',
    )
    .addHelpText(
      'after',
      '\nngrok reads its authtoken from the tunnel settings or NGROK_AUTHTOKEN.',
    )
    .action(async (options: ServeOptions, command: Command) => {
      const { startServer } = await import('../server')
      const dataDir = resolveDataDir(options.dataDir)
      const portChosen = command.getOptionValueSource('port') !== 'default'
      const databaseUrl = resolveDatabaseUrl(options.databaseUrl)
      // The same `--data-dir` (or none) on the signed-out page and in the banner.
      const flag = dataDirFlag(dataDir, databaseUrl)
      const server = await startServer({
        dataDir,
        loginLinkCommand: `${loginLinkCommand}${flag}`,
        databaseUrl,
        host: options.host,
        port: options.port,
        nextFreePorts: portChosen ? 0 : nextFreePorts,
        demo: options.demo,
        uiDir,
        allowedHosts: options.allowHost,
        dailyBackups: options.backups,
        tunnel: options.tunnel && {
          provider: options.tunnel,
          options: {
            localtunnelHost: options.tunnelHost,
            subdomain: options.tunnelSubdomain,
            ngrokAuthtoken: process.env.NGROK_AUTHTOKEN,
          },
        },
      })
      // Before the banner: whoever reads 'Press Ctrl+C' may stop the server at once, and a signal
      // that came before its handler would end the process unclosed.
      const stop = () => {
        console.error('Stopping: finishing requests in flight...')
        void server.close().then(() => process.exit(0))
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
      const taken = server.port !== options.port && options.port !== 0
      console.log(
        `Outpost is running at ${server.url}${taken ? ` (port ${options.port} was taken)` : ''}`,
      )
      console.log(`  Open the UI (this link works once): ${server.loginUrl}`)
      console.log(`  API reference: ${server.url}/api/docs`)
      console.log(`  Data: ${dataDir}`)
      if (databaseUrl) console.log(`  Database: ${redactDatabaseUrl(databaseUrl)}`)
      if (server.demoToken) {
        console.log(`  Demo workspace created. Its admin token, shown this once:`)
        console.log(`  ${server.demoToken}`)
      }
      console.log(`  In another terminal, in ${process.cwd()}:`)
      for (const line of secondTerminal(server.url, flag, databaseUrl)) console.log(`    ${line}`)
      console.log('Press Ctrl+C to stop.')
      const last = { key: '' }
      server.tunnel.subscribe((state) => reportTunnel(state, last))
      reportTunnel(server.tunnel.state(), last)
    })
}
