import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Command, Option } from 'commander'
import { version } from '../../../package.json'
import type { Db } from '../db/connection'
import type { Role } from '../../shared/permissions'
import type { TokenScope } from '../db/database'
import type { Workspace } from '../workspaces/schema'
import { fail, speakOneLine } from './errors'
import { registerImportExportCommands } from './import-export'
import { registerMigrateCommand } from './migrate-command'
import { dataDirOption, resolveDatabaseUrl, resolveDataDir } from './options'
import { registerRunningServerCommands } from './running-server-commands'
import { registerServeCommand } from './serve-command'
import { registerSyncCommands } from './sync-command'

// Start-up time matters for a command line: the database, the services and the server are
// imported inside the actions that use them, never at the top, so `--help` loads none of them.

/** Runs `work` on the data directory's database and closes it afterwards. */
async function withDatabase<T>(
  dataDir: string | undefined,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const { openDataDir } = await import('../workspace-store')
  const db = await openDataDir(resolveDataDir(dataDir), resolveDatabaseUrl(undefined))
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

/**
 * Runs `work` on the data folder's SQLite file as it is: not upgraded first, so that a restore can
 * put back a backup over a database a newer version upgraded (or in a folder that has none yet).
 */
async function withDatabaseAsItIs<T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const { openDatabase } = await import('../db/connection')
  const { databaseFileName } = await import('../data-dir')
  mkdirSync(dataDir, { recursive: true })
  const db = openDatabase(join(dataDir, databaseFileName))
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

/** Backups belong to the SQLite file; on PostgreSQL they are pg_dump's (docs/team-server.md). */
async function requireFileDatabase(): Promise<void> {
  if (!resolveDatabaseUrl(undefined)) return
  const { StartupError } = await import('../workspace-store')
  throw new StartupError(
    'OUTPOST_DATABASE_URL names a PostgreSQL database: back it up with pg_dump and restore it ' +
      'with pg_restore (see docs/team-server.md)',
  )
}

async function resolveWorkspace(db: Db, name: string | undefined): Promise<Workspace> {
  const { ensureDefaultWorkspace, StartupError } = await import('../workspace-store')
  const { findWorkspaceByName } = await import('../workspaces/service')
  if (name === undefined) return ensureDefaultWorkspace(db, new Date())
  const workspace = await findWorkspaceByName(db, name)
  if (!workspace)
    throw new StartupError(`no workspace named "${name}" (see: outpost workspace list)`)
  return workspace
}

/** A name as the API accepts it (trimmed, 1 to 100 characters), or a one-line error. */
async function validName(what: string, value: string): Promise<string> {
  const { text } = await import('../http/schema-types')
  const { StartupError } = await import('../startup-error')
  const parsed = text(100).safeParse(value)
  if (parsed.success) return parsed.data
  const reason = value.trim() === '' ? 'cannot be empty or only spaces' : 'is over 100 characters'
  throw new StartupError(`the ${what} ${reason}`)
}

const program = new Command('outpost')
  .description('Outpost: an offline-first CRM with a local REST API')
  .version(version)

registerServeCommand(program)
registerRunningServerCommands(program, { withDatabase })

const member = program
  .command('member')
  .description('manage the accounts that sign in to a workspace')

member
  .command('add <email>')
  .description(
    'give an account (made when new) a role in a workspace; outpost login-link --user prints its sign-in link',
  )
  .addOption(dataDirOption())
  .option('--workspace <name>', 'workspace (default: the first one)')
  .addOption(
    new Option('--role <role>', 'owner, admin, member or read-only')
      .choices(['owner', 'admin', 'member', 'read-only'])
      .default('member'),
  )
  .option('--name <name>', 'how timelines name them (default: the part of the e-mail before the @)')
  .action(
    async (
      email: string,
      options: { dataDir?: string; workspace?: string; role: Role; name?: string },
    ) => {
      const { emailAddress } = await import('../http/schema-types')
      const { StartupError } = await import('../startup-error')
      const parsed = emailAddress.safeParse(email)
      if (!parsed.success) throw new StartupError(`${email} is not an e-mail address`)
      const name = options.name ? await validName('name', options.name) : undefined
      const { inviteMember } = await import('../accounts/service')
      const { ownerOfMachine } = await import('../../shared/permissions')
      const added = await withDatabase(options.dataDir, async (db) => {
        const workspace = await resolveWorkspace(db, options.workspace)
        // The CLI is the computer's owner: it may make owners.
        return inviteMember(
          db,
          workspace.id,
          { email: parsed.data, name, role: options.role },
          new Date(),
          { permissions: ownerOfMachine },
        )
      })
      console.log(`${added.email} is ${added.role} (${added.id})`)
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
      const name = await validName('token name', options.name)
      const { createApiToken } = await import('../auth/service')
      const created = await withDatabase(options.dataDir, async (db) => {
        const workspace = await resolveWorkspace(db, options.workspace)
        return createApiToken(db, workspace.id, { name, scope: options.scope }, new Date())
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
    const { listApiTokens } = await import('../auth/service')
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
    const { revokeApiToken } = await import('../auth/service')
    const revoked = await withDatabase(options.dataDir, async (db) => {
      const workspace = await resolveWorkspace(db, options.workspace)
      return revokeApiToken(db, workspace.id, id, new Date())
    })
    console.log(
      revoked.already ? `${id} was revoked already, at ${revoked.revokedAt}` : `Revoked ${id}`,
    )
  })

program
  .command('backup <file>')
  .description('copy the database to FILE, safely, even while Outpost runs')
  .addOption(dataDirOption())
  .action(async (file: string, options: { dataDir?: string }) => {
    await requireFileDatabase()
    const { backupDatabase } = await import('../backup')
    const { pages } = await backupDatabase(resolveDataDir(options.dataDir), file)
    console.log(`Backed up ${pages} pages to ${file}`)
  })

const backups = program
  .command('backups')
  .description('the automatic backups kept in <data dir>/backups (daily, and before upgrades)')

backups
  .command('list')
  .description('list the backups kept, newest first, and how the last one went')
  .addOption(dataDirOption())
  .action(async (options: { dataDir?: string }) => {
    await requireFileDatabase()
    const { listBackups } = await import('../backups/backup-files')
    const { lastBackupStatus } = await import('../backups/take-backup')
    const dataDir = resolveDataDir(options.dataDir)
    const last = lastBackupStatus(dataDir)
    if (last)
      console.log(`Last backup ${last.at}: ${last.ok ? 'checked, ok' : `failed: ${last.error}`}`)
    const kept = listBackups(dataDir)
    for (const backup of kept) {
      console.log(`${backup.name}  ${(backup.bytes / 1024 / 1024).toFixed(1)} MiB`)
    }
    // On stderr: a script reading the list still reads nothing.
    if (kept.length === 0) {
      console.error(
        `No backups yet in ${join(dataDir, 'backups')}: a running server takes one a day; ` +
          '`outpost backup FILE` makes one now',
      )
    }
  })

backups
  .command('restore <backup>')
  .description(
    'restore a backup over the database, even while Outpost runs: a name from `outpost backups ' +
      'list`, or a file `outpost backup` wrote; the moment before is backed up first, to undo',
  )
  .addOption(dataDirOption())
  .action(async (backup: string, options: { dataDir?: string }) => {
    await requireFileDatabase()
    const { restoreBackup, restoreBackupFile } = await import('../backups/restore')
    const { backupsFolder, listBackups } = await import('../backups/backup-files')
    const { fileKeyStore } = await import('../sealing/key-store')
    const dataDir = resolveDataDir(options.dataDir)
    const byName = listBackups(dataDir).some((kept) => kept.name === backup)
    if (!byName && !existsSync(backup)) {
      const { StartupError } = await import('../startup-error')
      throw new StartupError(
        `no backup named ${backup} in ${backupsFolder(dataDir)}, and no such file ` +
          '(outpost backups list shows the backups kept)',
      )
    }
    const restore = byName ? restoreBackup : restoreBackupFile
    const result = await withDatabaseAsItIs(dataDir, (db) =>
      restore(db, dataDir, backup, fileKeyStore(dataDir), new Date()),
    )
    console.log(
      `Restored ${result.restoredFrom}: ${result.counts.people} people, ${result.counts.deals} deals.` +
        (result.undo ? ` To undo: outpost backups restore ${result.undo}` : ''),
    )
    if (result.unreadableSecrets > 0) {
      const { lostKeyMessage } = await import('../sealing/prepare')
      // Sealed by the folder the backup came from.
      console.error(
        lostKeyMessage({ created: false, unreadable: result.unreadableSecrets }, dataDir),
      )
    }
  })

const secrets = program
  .command('secrets')
  .description('the credentials Outpost keeps sealed: signing secrets, the ngrok token')

secrets
  .command('reset')
  .description(
    'give new signing secrets to outbound webhooks whose secret was lost with its sealing key ' +
      '(secrets.key), and drop an ngrok token that can no longer be read',
  )
  .addOption(dataDirOption())
  .action(async (options: { dataDir?: string }) => {
    const { fileKeyStore } = await import('../sealing/key-store')
    const { prepareSealing } = await import('../sealing/prepare')
    const { resetUnreadableSecrets } = await import('../sealing/reset')
    const dataDir = resolveDataDir(options.dataDir)
    const report = await withDatabase(dataDir, async (db) => {
      await prepareSealing(db, fileKeyStore(dataDir))
      return resetUnreadableSecrets(db, new Date())
    })
    for (const { id, url } of report.subscriptions) {
      console.log(`New signing secret for ${id} (${url}): see it in Settings > Outbound webhooks`)
    }
    if (report.tunnelTokenCleared) console.log('The ngrok token was removed: enter it again')
    for (const { name } of report.inboundSecretsCleared) {
      console.log(
        `The verification secret of inbound webhook "${name}" was removed: its deliveries are ` +
          'refused until it is entered again in Settings > Inbound webhooks',
      )
    }
    if (
      report.subscriptions.length === 0 &&
      !report.tunnelTokenCleared &&
      report.inboundSecretsCleared.length === 0
    ) {
      console.log('Every stored credential can be read: nothing to reset')
    }
  })

const workspace = program.command('workspace').description('manage workspaces')

workspace
  .command('create <name>')
  .description('create a workspace (with a Sales pipeline, BRL and a few lost reasons)')
  .addOption(dataDirOption())
  .action(async (value: string, options: { dataDir?: string }) => {
    const name = await validName('workspace name', value)
    const { createWorkspace } = await import('../workspaces/service')
    const created = await withDatabase(options.dataDir, (db) =>
      createWorkspace(db, name, new Date()),
    )
    console.log(`${created.id}  ${created.name}`)
  })

workspace
  .command('rename <new-name>')
  .description('rename a workspace (the first one unless --workspace names another)')
  .option('--workspace <name>', 'workspace to rename (default: the first one)')
  .addOption(dataDirOption())
  .action(async (value: string, options: { dataDir?: string; workspace?: string }) => {
    const name = await validName('workspace name', value)
    const { updateWorkspace } = await import('../workspaces/service')
    const renamed = await withDatabase(options.dataDir, async (db) => {
      const current = await resolveWorkspace(db, options.workspace)
      return updateWorkspace(db, current.id, { name }, new Date())
    })
    console.log(`${renamed.id}  ${renamed.name}`)
  })

workspace
  .command('list')
  .description('list workspaces, the default (oldest) first')
  .addOption(dataDirOption())
  .action(async (options: { dataDir?: string }) => {
    const { ensureDefaultWorkspace } = await import('../workspace-store')
    const { listWorkspaces } = await import('../workspaces/service')
    const all = await withDatabase(options.dataDir, async (db) => {
      await ensureDefaultWorkspace(db, new Date())
      return listWorkspaces(db)
    })
    for (const item of all) console.log(`${item.id}  ${item.name}`)
  })

registerImportExportCommands(program, { withDatabase, resolveWorkspace })
registerMigrateCommand(program)
registerSyncCommands(program, { withDatabase, resolveWorkspace })

speakOneLine(program)
program.parseAsync().catch(fail)
