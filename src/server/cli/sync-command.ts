import type { Command } from 'commander'
import type { Db } from '../db/connection'
import type { SyncStatus } from '../sync/replica'
import type { CliDatabase } from './import-export-actions'
import { dataDirOption, resolveDataDir } from './options'

// `outpost sync connect|status|once|watch`: a replica of a team server's workspaces, headless (a
// server-side or scripted replica); the desktop app runs the same code (sync/replica.ts). The work
// is imported when a command runs, so `--help` loads none of it (see main.ts).

const tokenHelp =
  'an API token of the workspace on the team server; or set OUTPOST_SYNC_TOKEN, which keeps it ' +
  'out of the shell history'

/** Opens the data folder as `serve` does, sealing key included (the server's token is sealed). */
async function withReplica<T>(
  cli: CliDatabase,
  flag: string | undefined,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const { fileKeyStore } = await import('../sealing/key-store')
  const { prepareSealing } = await import('../sealing/prepare')
  const { StartupError } = await import('../startup-error')
  const { SyncError } = await import('../sync/sync-errors')
  const dataDir = resolveDataDir(flag)
  return cli.withDatabase(dataDir, async (db) => {
    await prepareSealing(db, fileKeyStore(dataDir))
    try {
      return await work(db)
    } catch (error) {
      // What sync says of the server or the link is written for users: one line, as it is.
      if (error instanceof SyncError) throw new StartupError(error.message, { cause: error })
      throw error
    }
  })
}

/**
 * A token of the workspace, or of each of the account's workspaces when none is named, made by
 * the team server for the account signing in here.
 */
async function signIn(url: string, email: string, workspaceId: string | undefined) {
  const { hostname } = await import('node:os')
  const { signInToServer } = await import('../sync/server-client')
  const { ServerRefusal } = await import('../sync/sync-errors')
  const { StartupError } = await import('../startup-error')
  const password = process.env.OUTPOST_SYNC_PASSWORD ?? (await firstLineOfStdin())
  if (!password) throw new StartupError('a password is needed: OUTPOST_SYNC_PASSWORD, or stdin')
  try {
    const links = await signInToServer(url, { email, password, workspaceId, device: hostname() })
    return links.map((link) => link.token)
  } catch (error) {
    if (!(error instanceof ServerRefusal)) throw error
    const choices = error.details.workspaces
    if (!Array.isArray(choices) || choices.length === 0) throw error
    const list = (choices as { id: string; name: string; role: string }[])
      .map((workspace) => `  ${workspace.id}  ${workspace.name} (${workspace.role})`)
      .join('\n')
    throw new StartupError(
      `${error.message}; pass --workspace with one of these, or none:\n${list}`,
    )
  }
}

async function firstLineOfStdin(): Promise<string> {
  if (process.stdin.isTTY) return ''
  let text = ''
  for await (const chunk of process.stdin) {
    text += String(chunk)
    if (text.includes('\n')) break
  }
  return text.split(/\r?\n/)[0] ?? ''
}

function describeStatus(status: SyncStatus) {
  if (status.state === 'not-connected') return 'Not a replica: run `outpost sync connect URL`'
  const lines = status.workspaces.map((workspace) => {
    const waiting = `${workspace.waiting} change${workspace.waiting === 1 ? '' : 's'} waiting`
    const when = workspace.lastSyncedAt ? `, last synced ${workspace.lastSyncedAt}` : ''
    const state =
      workspace.state === 'synced'
        ? 'synced'
        : workspace.state === 'syncing'
          ? `syncing, ${waiting}`
          : workspace.state === 'offline'
            ? `offline, ${waiting}`
            : `error: ${workspace.error}`
    return `  ${workspace.name} (${workspace.workspaceId}): ${state}${when}`
  })
  return [`Replica of ${status.serverUrl}:`, ...lines].join('\n')
}

export function registerSyncCommands(program: Command, cli: CliDatabase): void {
  const sync = program
    .command('sync')
    .description(
      "keep this data folder a replica of a team server's workspaces (docs/sync-protocol.md)",
    )

  sync
    .command('connect <url>')
    .description(
      "make this data folder a replica of the team server's workspaces: sign in with your " +
        "account there (--email: each of the account's workspaces, or --workspace), or give an " +
        'API token of one; run it again to add another workspace of the same server',
    )
    .option(
      '--email <email>',
      "your account's e-mail on the team server; the password is read from " +
        'OUTPOST_SYNC_PASSWORD, else from the first line of stdin',
    )
    .option('--workspace <id>', "only this one of the account's workspaces")
    .option('--token <token>', tokenHelp)
    .addOption(dataDirOption())
    .action(
      async (
        url: string,
        options: { token?: string; email?: string; workspace?: string; dataDir?: string },
      ) => {
        const { StartupError } = await import('../startup-error')
        const { connectReplica } = await import('../sync/replica')
        const { withScheme } = await import('../sync/server-url')
        const serverUrl = withScheme(url)
        const result = await withReplica(cli, options.dataDir, async (db) => {
          const token = options.token ?? process.env.OUTPOST_SYNC_TOKEN
          const tokens = options.email
            ? await signIn(serverUrl, options.email, options.workspace)
            : token && [token]
          if (!tokens) {
            throw new StartupError(`sign in (--email) or give a token: --token, or ${tokenHelp}`)
          }
          const madeHere = options.email !== undefined
          return connectReplica(db, { serverUrl, tokens, madeHere }, () => new Date())
        })
        const names = result.workspaces.map((workspace) => `"${workspace.name}"`).join(', ')
        const verb = result.workspaces.length === 1 ? 'is' : 'are'
        console.log(`Connected: ${names} ${verb} replicated here (${result.records} records)`)
      },
    )

  sync
    .command('disconnect')
    .description(
      'stop being a replica: the workspaces stay here as your own, and nothing syncs any more',
    )
    .option('--workspace <id>', 'only this workspace stops syncing')
    .option('--discard-waiting', 'also when changes made here have not reached the team server')
    .addOption(dataDirOption())
    .action(async (options: { workspace?: string; discardWaiting?: boolean; dataDir?: string }) => {
      const { disconnectReplica } = await import('../sync/replica')
      const { ChangesWaiting } = await import('../sync/sync-errors')
      const { tokensKept } = await withReplica(cli, options.dataDir, (db) =>
        disconnectReplica(db, {
          discardWaiting: options.discardWaiting ?? false,
          workspaceId: options.workspace,
        }).catch((error: unknown) => {
          // The sentence is the UI's too; here, the way to discard is a flag.
          if (error instanceof ChangesWaiting) {
            throw new ChangesWaiting(error.waiting, 'outpost sync disconnect --discard-waiting')
          }
          throw error
        }),
      )
      console.log(
        options.workspace
          ? 'Disconnected: the workspace stays here, and no longer syncs'
          : 'Disconnected: the workspaces stay here, and no longer sync',
      )
      if (tokensKept > 0) {
        console.log(
          `The team server could not be reached to revoke ${tokensKept} token(s) of this ` +
            'computer: revoke them there, in Settings › API tokens',
        )
      }
    })

  sync
    .command('status')
    .description(
      'say whether this replica is synced, offline (with the changes waiting) or failing',
    )
    .addOption(dataDirOption())
    .action(async (options: { dataDir?: string }) => {
      const { replicaStatus } = await import('../sync/replica')
      console.log(describeStatus(await withReplica(cli, options.dataDir, replicaStatus)))
    })

  sync
    .command('once')
    .description('push the changes waiting here, then pull everything new from the team server')
    .addOption(dataDirOption())
    .action(async (options: { dataDir?: string }) => {
      const { syncOnce } = await import('../sync/replica')
      const report = await withReplica(cli, options.dataDir, (db) => syncOnce(db, () => new Date()))
      console.log(`Pushed ${report.pushed}, pulled ${report.pulled}`)
      for (const { seq, reason } of report.rejected) console.log(`Refused change ${seq}: ${reason}`)
      for (const { name } of report.removed) {
        console.log(`Your access to "${name}" has ended: its copy was removed from this folder`)
      }
    })

  sync
    .command('watch')
    .description(
      'sync every few seconds, and at once when the team server tells of a change, until stopped (Ctrl-C)',
    )
    .option('--every <seconds>', 'seconds between rounds', '2')
    .addOption(dataDirOption())
    .action(async (options: { every: string; dataDir?: string }) => {
      const { syncOnce } = await import('../sync/replica')
      const { StartupError } = await import('../startup-error')
      const seconds = Number(options.every)
      if (!(seconds >= 0.1 && seconds <= 3600)) {
        throw new StartupError('--every must be a number of seconds from 0.1 to 3600')
      }
      const { watchServerEvents } = await import('../sync/server-events')
      // A change the team server's stream tells of ends the wait (or, told during a round, skips
      // the next): others' changes arrive at once. Ctrl-C ends it too, and the loop.
      let stopped = false
      let told = false
      const asLater = () => void (told = true)
      let wake: () => void = asLater
      const stop = () => {
        stopped = true
        wake()
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
      await withReplica(cli, options.dataDir, async (db) => {
        const events = watchServerEvents(db, () => wake())
        while (!stopped) {
          told = false
          try {
            const report = await syncOnce(db, () => new Date())
            if (report.pushed + report.pulled > 0) {
              console.log(`Pushed ${report.pushed}, pulled ${report.pulled}`)
            }
            for (const { seq, reason } of report.rejected) {
              console.log(`Refused change ${seq}: ${reason}`)
            }
          } catch (error) {
            console.error(`Not synced: ${(error as Error).message}`)
          }
          await new Promise<void>((resolve) => {
            if (told || stopped) return resolve()
            const timer = setTimeout(resolve, seconds * 1000)
            wake = () => {
              clearTimeout(timer)
              resolve()
            }
          })
          wake = asLater
        }
        events.stop()
      })
    })
}
