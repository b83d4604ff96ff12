// A real PostgreSQL for the tests (docs/team-server.md, "Engines"). With
// OUTPOST_TEST_DATABASE=postgres, test/support/postgres-setup.ts (vitest's globalSetup) starts one
// throwaway cluster for the run, or uses OUTPOST_TEST_POSTGRES_URL when given, and migrates a
// template database once; every test server then gets a fresh copy of it (CREATE DATABASE ...
// TEMPLATE takes a few milliseconds).

import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import { openDatabase, type Db } from '../../src/server/db/connection'

/** Whether this run's test servers run on PostgreSQL. */
export const onPostgres = () => process.env.OUTPOST_TEST_DATABASE === 'postgres'

/** The folder of PostgreSQL's programs: $OUTPOST_POSTGRES_BIN, else the newest Debian one. */
export function postgresBin(): string {
  if (process.env.OUTPOST_POSTGRES_BIN) return process.env.OUTPOST_POSTGRES_BIN
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length === 0) {
    throw new Error(
      "No PostgreSQL found: install Debian's postgresql package, set OUTPOST_POSTGRES_BIN to the " +
        'folder of initdb and pg_ctl, or OUTPOST_TEST_POSTGRES_URL to a server of your own',
    )
  }
  return join(root, versions[0]!, 'bin')
}

/** A port free on 127.0.0.1 a moment ago, for a process that must keep one across restarts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

// PostgreSQL refuses to run as root: as root, the cluster is made and run by the postgres user.
function asOwner(program: string, args: string[]): void {
  const root = process.getuid?.() === 0
  const [command, argv] = root
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, args]
  const result = spawnSync(command, argv, { encoding: 'utf8' })
  if (result.status !== 0) {
    throw new Error(`${program} failed: ${result.stderr || result.stdout || result.error}`)
  }
}

export interface PostgresCluster {
  /** A URL of the cluster's `postgres` database, as its superuser. */
  url: string
  stop(): void
}

/**
 * Starts a throwaway cluster in a temporary folder on a free port of 127.0.0.1: C collation (text
 * sorts by code point, as SQLite's does), UTF-8, no fsync (a test run needs no durability).
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'outpost-pg-'))
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  asOwner(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--locale=C',
    '--encoding=UTF8',
    '--no-sync',
  ])
  const port = await freePort()
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ')
  asOwner(join(bin, 'pg_ctl'), ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', 'start'])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** `url` with its database name replaced. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Creates an empty database on the server of `url`; answers its URL. */
export async function createDatabase(
  url: string,
  name: string,
  template?: string,
): Promise<string> {
  await admin(url, (client) =>
    client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  )
  return databaseUrl(url, name)
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await admin(url, (client) => client.query(`drop database if exists "${name}" with (force)`))
}

/**
 * A fresh database for one test server, copied from the run's migrated template; answers its
 * URL and how to drop it.
 */
export async function freshTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.OUTPOST_TEST_POSTGRES_URL
  const template = process.env.OUTPOST_TEST_POSTGRES_TEMPLATE
  if (!server || !template) {
    throw new Error('OUTPOST_TEST_DATABASE=postgres needs the globalSetup of vitest.config.ts')
  }
  const name = `outpost_test_${randomBytes(6).toString('hex')}`
  const url = await createDatabase(server, name, template)
  return { url, drop: () => dropDatabase(server, name) }
}

/**
 * An empty database of `engine`, no migration run (SQLite in memory, or a new PostgreSQL database
 * on the run's cluster), for tests of the migrations themselves; `cleanups` gets how to close and
 * drop it.
 */
export async function emptyDatabase(
  engine: 'sqlite' | 'postgres',
  cleanups: (() => Promise<void>)[],
): Promise<Db> {
  if (engine === 'sqlite') return openDatabase(':memory:')
  const server = process.env.OUTPOST_TEST_POSTGRES_URL!
  const name = `outpost_empty_${randomBytes(6).toString('hex')}`
  const db = openDatabase(await createDatabase(server, name))
  cleanups.push(async () => {
    await db.destroy()
    await dropDatabase(server, name)
  })
  return db
}

/**
 * Makes every insert into `table` fail with `message` (a disk failure, say) until the answered
 * function is called: a trigger in the test server's engine's own terms.
 */
export async function refuseInserts(
  db: Kysely<any>,
  table: string,
  message: string,
): Promise<() => Promise<void>> {
  const name = sql.raw(`refuse_${table}`)
  if (onPostgres()) {
    await sql`create function ${name}() returns trigger language plpgsql
      as $$ begin raise exception '${sql.raw(message)}'; end $$`.execute(db)
    await sql`create trigger ${name} before insert on ${sql.table(table)}
      for each row execute function ${name}()`.execute(db)
    return async () => void (await sql`drop function ${name} cascade`.execute(db))
  }
  await sql`create trigger ${name} before insert on ${sql.table(table)}
    begin select raise(abort, ${sql.lit(message)}); end`.execute(db)
  return async () => void (await sql`drop trigger ${name}`.execute(db))
}

// The PostgreSQL database of each test server's data folder, so that the CLI run on that folder
// (test/support/cli.ts) works on the server's database, as OUTPOST_DATABASE_URL tells it to.
const databaseOfDataDir = new Map<string, string>()

export function rememberDatabaseOf(dataDir: string, url: string | undefined): void {
  if (url) databaseOfDataDir.set(dataDir, url)
  else databaseOfDataDir.delete(dataDir)
}

/** `env` with OUTPOST_DATABASE_URL of the test server whose data folder `args` name, if any. */
export function withDatabaseOf(args: string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const flag = args.indexOf('--data-dir')
  const url = flag >= 0 ? databaseOfDataDir.get(args[flag + 1] ?? '') : undefined
  return url && env.OUTPOST_DATABASE_URL === undefined ? { ...env, OUTPOST_DATABASE_URL: url } : env
}
