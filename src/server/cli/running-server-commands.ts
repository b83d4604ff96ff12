import type { Command } from 'commander'
import { defaultHost, defaultPort } from '../address'
import type { Db } from '../db/connection'
import { findRunningServer } from '../server-record'
import { StartupError } from '../startup-error'
import { dataDirOption, resolveDataDir } from './options'

interface CliDatabase {
  withDatabase<T>(dataDir: string | undefined, work: (db: Db) => Promise<T>): Promise<T>
}

/** `outpost url` and `outpost login-link`: what a second terminal needs from a running server. */
export function registerRunningServerCommands(program: Command, cli: CliDatabase): void {
  program
    .command('url')
    .description('print the address of the server running on the data folder')
    .addOption(dataDirOption())
    .action((options: { dataDir?: string }) => {
      const dataDir = resolveDataDir(options.dataDir)
      const running = findRunningServer(dataDir)
      if (!running) {
        throw new StartupError(
          `no Outpost server is running on ${dataDir}; start one with npm start or outpost serve`,
        )
      }
      console.log(running.url)
    })

  program
    .command('login-link')
    .description(
      'print a new one-time link that signs a browser in to the UI (the server need not restart)',
    )
    .addOption(dataDirOption())
    .option(
      '--user <email>',
      "sign in as this account (see outpost member add), with its roles; without it, the computer's owner",
    )
    .action(async (options: { dataDir?: string; user?: string }) => {
      const { createLoginLink } = await import('../sessions/service')
      const { findAccountByEmail } = await import('../accounts/lookup')
      const dataDir = resolveDataDir(options.dataDir)
      const link = await cli.withDatabase(dataDir, async (db) => {
        if (!options.user) return createLoginLink(db, new Date())
        const account = await findAccountByEmail(db, options.user)
        if (!account) {
          throw new StartupError(
            `no account has the e-mail ${options.user}; invite it in Settings → Users, or run outpost member add`,
          )
        }
        return createLoginLink(db, new Date(), account.id)
      })
      const running = findRunningServer(dataDir)
      const base = running?.url ?? `http://${defaultHost}:${defaultPort}`
      console.log(`${base}/login?token=${link.secret}`)
      if (!running) {
        console.error(
          `No server is running on ${dataDir} yet: start it (npm start, or outpost serve), then ` +
            'open the link on the address it prints. It works once, within a day.',
        )
      }
    })
}
