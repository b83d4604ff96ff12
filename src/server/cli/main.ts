import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Command, InvalidArgumentError, Option } from 'commander'
import { version } from '../../../package.json'
import { createApiToken, listApiTokens, revokeApiToken } from '../auth/service'
import type { Db } from '../db/connection'
import type { TokenScope } from '../db/database'
import { defaultDataDir } from '../data-dir'
import { defaultHost, defaultPort, startServer } from '../server'
import { ensureDefaultWorkspace, openDataDir, StartupError } from '../workspace-store'
import { createWorkspace, findWorkspaceByName, listWorkspaces } from '../workspaces/service'
import type { Workspace } from '../workspaces/schema'
import { ApiError } from '../http/errors'

// The bundle lives in out/main; the built renderer beside it in out/renderer.
const uiDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'renderer')

function port(value: string): number {
  const parsed = Number(value)
  if (!/^\d+$/.test(value) || parsed > 65535)
    throw new InvalidArgumentError('must be a port number from 0 to 65535')
  return parsed
}

const dataDirOption = () =>
  new Option('--data-dir <dir>', 'where the database lives (default: the desktop app folder)')

/** Runs `work` on the data directory's database and closes it afterwards. */
async function withDatabase<T>(
  dataDir: string | undefined,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const db = await openDataDir(dataDir ?? defaultDataDir())
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

async function resolveWorkspace(db: Db, name: string | undefined): Promise<Workspace> {
  if (!name) return ensureDefaultWorkspace(db, new Date())
  const workspace = await findWorkspaceByName(db, name)
  if (!workspace)
    throw new StartupError(`no workspace named "${name}" (see: outpost workspace list)`)
  return workspace
}

const program = new Command('outpost')
  .description('Outpost: an offline-first CRM with a local REST API')
  .version(version)

program
  .command('serve')
  .description('serve the API and the UI over HTTP')
  .addOption(dataDirOption())
  .option('--host <host>', 'address to listen on', defaultHost)
  .option('--port <port>', 'port to listen on (0 picks a free one)', port, defaultPort)
  .option('--demo', 'create a Demo workspace full of sample data, if there is none')
  .option('--allow-host <name...>', 'extra host names the server answers to (besides loopback)')
  .action(
    async (options: {
      dataDir?: string
      host: string
      port: number
      demo?: boolean
      allowHost?: string[]
    }) => {
      const dataDir = options.dataDir ?? defaultDataDir()
      const server = await startServer({
        dataDir,
        host: options.host,
        port: options.port,
        demo: options.demo,
        uiDir,
        allowedHosts: options.allowHost,
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
      const stop = () => {
        console.error('Stopping: finishing requests in flight...')
        void server.close().then(() => process.exit(0))
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    },
  )

const token = program.command('token').description('manage API tokens')

token
  .command('create')
  .description('create an API token and print it (alone, on stdout)')
  .addOption(dataDirOption())
  .option('--workspace <name>', 'workspace the token belongs to (default: the first one)')
  .addOption(
    new Option('--scope <scope>', 'api: /api/v1 only; admin: also /api/app/v1')
      .choices(['api', 'admin'])
      .default('api'),
  )
  .option('--name <name>', 'a name to recognise the token by', 'CLI token')
  .action(
    async (options: { dataDir?: string; workspace?: string; scope: TokenScope; name: string }) => {
      const created = await withDatabase(options.dataDir, async (db) => {
        const workspace = await resolveWorkspace(db, options.workspace)
        return createApiToken(
          db,
          workspace.id,
          { name: options.name, scope: options.scope },
          new Date(),
        )
      })
      console.log(created.token)
    },
  )

token
  .command('list')
  .description('list the tokens of a workspace (never their secrets)')
  .addOption(dataDirOption())
  .option('--workspace <name>', 'workspace (default: the first one)')
  .action(async (options: { dataDir?: string; workspace?: string }) => {
    await withDatabase(options.dataDir, async (db) => {
      const workspace = await resolveWorkspace(db, options.workspace)
      const page = await listApiTokens(db, workspace.id, { page: 1, pageSize: 100 })
      for (const item of page.data) {
        const state = item.revokedAt ? `revoked ${item.revokedAt}` : 'active'
        console.log(`${item.id}  ${item.prefix}…  ${item.scope.padEnd(5)}  ${state}  ${item.name}`)
      }
    })
  })

token
  .command('revoke <id>')
  .description('revoke a token at once')
  .addOption(dataDirOption())
  .option('--workspace <name>', 'workspace (default: the first one)')
  .action(async (id: string, options: { dataDir?: string; workspace?: string }) => {
    await withDatabase(options.dataDir, async (db) => {
      const workspace = await resolveWorkspace(db, options.workspace)
      await revokeApiToken(db, workspace.id, id, new Date())
    })
    console.log(`Revoked ${id}`)
  })

const workspace = program.command('workspace').description('manage workspaces')

workspace
  .command('create <name>')
  .description('create a workspace (with a Sales pipeline, BRL and a few lost reasons)')
  .addOption(dataDirOption())
  .action(async (name: string, options: { dataDir?: string }) => {
    const created = await withDatabase(options.dataDir, (db) =>
      createWorkspace(db, name, new Date()),
    )
    console.log(`${created.id}  ${created.name}`)
  })

workspace
  .command('list')
  .description('list workspaces, the default (oldest) first')
  .addOption(dataDirOption())
  .action(async (options: { dataDir?: string }) => {
    const all = await withDatabase(options.dataDir, async (db) => {
      await ensureDefaultWorkspace(db, new Date())
      return listWorkspaces(db)
    })
    for (const item of all) console.log(`${item.id}  ${item.name}`)
  })

program.parseAsync().catch((error: unknown) => {
  if (error instanceof StartupError || error instanceof ApiError) {
    console.error(`outpost: ${error.message}`)
  } else {
    console.error('outpost: unexpected error', error)
  }
  process.exit(1)
})
