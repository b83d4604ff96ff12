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
    .action(async (options: { dataDir?: string }) => {
      const { createLoginLink } = await import('../sessions/service')
      const dataDir = resolveDataDir(options.dataDir)
      const link = await cli.withDatabase(dataDir, (db) => createLoginLink(db, new Date()))
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
