import type { Command } from 'commander'
import { redactDatabaseUrl } from '../db/database-url'
import { StartupError } from '../startup-error'

// `outpost migrate --from <data dir> --to <database>`: moving a laptop's workspaces up to a team
// server (docs/team-server.md). Its work is in move-up/; this is what the terminal shows of it.

export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description(
      "copy a data folder's workspaces to a team server's database, verified table by table " +
        '(counts and checksums); an interrupted copy resumes when run again',
    )
    .requiredOption('--from <dir>', "the data folder to copy (the laptop's)")
    .requiredOption('--to <database>', "the team server's database (postgres://user@host/db)")
    .action(async (options: { from: string; to: string }) => {
      const { openDataDir } = await import('../workspace-store')
      const { openDatabase, migrateToLatest } = await import('../db/connection')
      const { moveUp, removeSnapshot } = await import('../move-up/move-up')
      // A mistyped folder must not become an empty one whose nothing is then copied.
      const { existsSync } = await import('node:fs')
      const { join } = await import('node:path')
      const { databaseFileName } = await import('../data-dir')
      if (!existsSync(join(options.from, databaseFileName))) {
        throw new StartupError(`${options.from} holds no Outpost data (no ${databaseFileName})`)
      }
      // Opening the folder migrates it as a start would: the copy is of the current schema.
      await (await openDataDir(options.from)).destroy()
      let target
      try {
        target = openDatabase(options.to)
        await migrateToLatest(target)
      } catch (error) {
        throw new StartupError(
          `cannot open the team database ${redactDatabaseUrl(options.to)}: ${(error as Error).message}`,
          { cause: error },
        )
      }
      try {
        const result = await moveUp(options.from, target, {
          copied: (table, rows) => {
            if (process.stderr.isTTY) process.stderr.write(`\r${table}: ${rows} rows   `)
          },
        })
        if (process.stderr.isTTY) process.stderr.write('\n')
        if (result.resumed) console.log('Resumed the move begun earlier.')
        for (const check of result.checks) {
          const sum = check.server.checksum.toString(16).padStart(16, '0')
          console.log(
            `${check.same ? 'ok  ' : 'DIFF'}  ${check.table.padEnd(24)} ${String(check.server.rows).padStart(9)} rows  ${sum}` +
              (check.same ? '' : `  (the data folder has ${check.laptop.rows})`),
          )
        }
        const different = result.checks.filter((check) => !check.same)
        if (different.length > 0) {
          throw new StartupError(
            `${different.length} tables differ on the team server: ${different.map((check) => check.table).join(', ')}`,
          )
        }
        removeSnapshot(options.from)
        console.log(
          `Every table arrived whole. Sealed credentials (webhook signing secrets, the tunnel token) ` +
            `need this folder's key: copy ${options.from}/secrets.key into the team server's data ` +
            'folder, or run `outpost secrets reset` there for new ones.',
        )
      } finally {
        await target.destroy()
      }
    })
}
