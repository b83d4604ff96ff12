import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Option } from 'commander'
import { databaseFileName, defaultDataDir } from '../data-dir'
import { isPostgresUrl, redactDatabaseUrl } from '../db/database-url'
import { StartupError } from '../startup-error'

/** The folder `npm start` serves the demo from, in the Outpost checkout. */
export const demoDataDirName = '.outpost-demo'

/** `--data-dir`, shared by every command that opens the database. */
export const dataDirOption = () =>
  new Option(
    '--data-dir <dir>',
    `where the database lives (default: $OUTPOST_DATA_DIR, else ./${demoDataDirName} when it ` +
      'exists, else the desktop app folder)',
  )

/**
 * The data folder a command works on: `--data-dir`, else `OUTPOST_DATA_DIR`, else the demo folder
 * of the current folder when `npm start` made one (so `npx outpost token create` in the checkout
 * reaches the server `npm start` runs), else the desktop app's folder.
 */
export function findDataDir(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): { dir: string; demo: boolean } {
  if (flag) return { dir: flag, demo: false }
  if (env.OUTPOST_DATA_DIR) return { dir: env.OUTPOST_DATA_DIR, demo: false }
  const demo = join(cwd, demoDataDirName)
  if (existsSync(join(demo, databaseFileName))) return { dir: demo, demo: true }
  return { dir: defaultDataDir(env), demo: false }
}

/** `findDataDir`, saying on a terminal when it picked the demo folder. */
export function resolveDataDir(flag: string | undefined): string {
  const found = findDataDir(flag)
  if (found.demo && process.stderr.isTTY) {
    console.error(
      `Using ./${demoDataDirName}, the demo data npm start serves ` +
        '(--data-dir or OUTPOST_DATA_DIR choose another folder)',
    )
  }
  return found.dir
}

/**
 * `--database-url`: a PostgreSQL database to work on instead of the data folder's SQLite file
 * (docs/team-server.md). Every command that opens the database also reads OUTPOST_DATABASE_URL.
 */
export const databaseUrlOption = () =>
  new Option(
    '--database-url <url>',
    'a PostgreSQL database (postgres://user:password@host:5432/name) to use instead of the data ' +
      "folder's SQLite file; the data folder still holds secrets.key",
  ).env('OUTPOST_DATABASE_URL')

/** The PostgreSQL database a command works on: `--database-url`, else OUTPOST_DATABASE_URL. */
export function resolveDatabaseUrl(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const url = flag ?? env.OUTPOST_DATABASE_URL
  if (url === '' || url === undefined) return undefined
  if (!isPostgresUrl(url)) {
    const from = flag === undefined ? 'OUTPOST_DATABASE_URL' : '--database-url'
    throw new StartupError(
      `${from} must be a PostgreSQL URL, postgres://user:password@host:5432/name ` +
        `(not ${redactDatabaseUrl(url)}); without it, the data folder's SQLite file is used`,
    )
  }
  return url
}
