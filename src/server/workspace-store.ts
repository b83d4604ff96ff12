import { accessSync, constants, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { takeBackup } from './backups/take-backup'
import { madeByEarlierVersion, migrateToLatest, openDatabase, type Db } from './db/connection'
import { redactDatabaseUrl } from './db/database-url'
import { ensureDatabaseIdentity, fileIdOf } from './db/identity'
import { databaseFileName } from './data-dir'
import { assertNotPostgresFolder, markPostgresFolder } from './database-marker'
import { StartupError } from './startup-error'
import { createWorkspace, listWorkspaces } from './workspaces/service'
import type { Workspace } from './workspaces/schema'
import { serverLanguage, starterContent } from './workspaces/starter-content'

export { StartupError }

/** The first workspace's name, in the server's language ("My workspace"). */
export const defaultWorkspaceName = () => starterContent[serverLanguage()].workspaceName

/**
 * Opens the data directory's database, creating folder and file on first use, and migrates it.
 * With `databaseUrl` (a postgres:// URL) the database is that PostgreSQL database instead of the
 * folder's SQLite file; the folder still holds secrets.key and server.json.
 */
export async function openDataDir(dataDir: string, databaseUrl?: string): Promise<Db> {
  try {
    // The CRM is its user's alone: a folder made here, and the database file made in it, are
    // closed to the machine's other users (an existing folder keeps the modes it was given).
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    accessSync(dataDir, constants.W_OK)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new StartupError(
      `cannot use data directory ${dataDir}: it is not a writable folder (${code})`,
    )
  }
  if (databaseUrl) {
    const db = await openPostgresDatabase(databaseUrl)
    markPostgresFolder(dataDir, databaseUrl)
    return db
  }
  assertNotPostgresFolder(dataDir)
  let db: Db
  const file = join(dataDir, databaseFileName)
  try {
    // Made empty first, with its mode: SQLite takes an empty file for a new database, and gives
    // its -wal and -shm files the database file's mode.
    if (!existsSync(file)) writeFileSync(file, '', { mode: 0o600, flag: 'wx' })
    db = openDatabase(file)
  } catch (error) {
    throw new StartupError(`cannot open the database in ${dataDir}: ${(error as Error).message}`, {
      cause: error,
    })
  }
  try {
    if (await madeByEarlierVersion(db)) {
      const backup = await takeBackup(dataDir, 'pre-migration', new Date())
      if (!backup.ok) {
        throw new StartupError(
          `could not back up the database before upgrading it: ${backup.error}`,
        )
      }
    }
    await migrateToLatest(db)
    await ensureDatabaseIdentity(db, fileIdOf(file), new Date())
  } catch (error) {
    await db.destroy()
    throw new StartupError((error as Error).message, { cause: error })
  }
  return db
}

// No file to back up before migrating, nor a file id for the database's identity: backups of a
// PostgreSQL database are pg_dump's (docs/team-server.md).
async function openPostgresDatabase(url: string): Promise<Db> {
  const db = openDatabase(url)
  try {
    await migrateToLatest(db)
    await ensureDatabaseIdentity(db, null, new Date())
  } catch (error) {
    await db.destroy()
    const why = (error as Error).message.replaceAll(url, redactDatabaseUrl(url))
    throw new StartupError(`cannot use the database at ${redactDatabaseUrl(url)}: ${why}`, {
      cause: error,
    })
  }
  return db
}

/**
 * The default workspace (the oldest), created under `name` (the system language's default) when
 * the data has none yet. The default name is looked up only then: asking for the system's locale
 * costs a server start 12 ms.
 */
export async function ensureDefaultWorkspace(db: Db, now: Date, name?: string): Promise<Workspace> {
  const [first] = await listWorkspaces(db)
  if (first) return first
  try {
    return await createWorkspace(db, name ?? defaultWorkspaceName(), now)
  } catch (error) {
    // Another process (the CLI beside a starting server) created it a moment ago.
    const [created] = await listWorkspaces(db)
    if (created) return created
    throw error
  }
}
