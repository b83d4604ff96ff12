// Restoring a backup while the server runs: the backup is checked, the moment before is backed
// up (so a restore can be undone), and the backup is written over the live database through
// SQLite's backup API, which holds the write lock while it copies: writes wait (up to the busy
// timeout, 5 s), reads go on, and every connection sees the restored file when it is done.

import { existsSync, realpathSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import { migrateToLatest, type Db } from '../db/connection'
import { fileIdOf, renewDatabaseIdentity } from '../db/identity'
import { forgetListPositions } from '../db/list-positions'
import { migrationsFromNewerVersion, newerVersionMessage } from '../db/newer-schema'
import { databaseFileName } from '../data-dir'
import { ApiError, notFound } from '../http/errors'
import type { KeyStore } from '../sealing/key-store'
import { prepareSealing } from '../sealing/prepare'
import { backupsFolder, listBackups } from './backup-files'
import { copyDatabase } from './copy-database'
import { takeBackup, verifyBackup, type BackupCheck } from './take-backup'

export interface RestoreResult {
  /** The backup's name, or the file's path. */
  restoredFrom: string
  counts: BackupCheck
  /** The backup of the moment before the restore: restore it to undo; null when there was none. */
  undo: string | null
  /** Credentials in it sealed under another key (a backup from another laptop's folder). */
  unreadableSecrets: number
}

/** Restores a backup kept in the data folder's backups/, by name (`outpost backups list`). */
export async function restoreBackup(
  db: Db,
  dataDir: string,
  name: string,
  keyStore: KeyStore,
  now: Date,
): Promise<RestoreResult> {
  if (!listBackups(dataDir).some((backup) => backup.name === name)) throw notFound('Backup')
  return restoreFrom(db, dataDir, join(backupsFolder(dataDir), name), name, keyStore, now)
}

/**
 * Restores a copy kept anywhere (one `outpost backup FILE` wrote, on this laptop or another): for
 * the CLI only, which runs as the user and may read any of their files; the API restores by name.
 */
export async function restoreBackupFile(
  db: Db,
  dataDir: string,
  file: string,
  keyStore: KeyStore,
  now: Date,
): Promise<RestoreResult> {
  const live = join(dataDir, databaseFileName)
  if (existsSync(live) && realpathSync(file) === realpathSync(live)) {
    throw new ApiError('invalid_request', `${file} is the database itself, not a backup of it`)
  }
  return restoreFrom(db, dataDir, file, file, keyStore, now)
}

async function restoreFrom(
  db: Db,
  dataDir: string,
  file: string,
  restoredFrom: string,
  keyStore: KeyStore,
  now: Date,
): Promise<RestoreResult> {
  let counts: BackupCheck
  try {
    counts = verifyBackup(file)
  } catch (error) {
    throw new ApiError(
      'backup_damaged',
      `This backup cannot be restored: ${(error as Error).message}`,
    )
  }
  // Copied over, it could not be migrated, and this version could not open the database again.
  const newer = backupMigrationsFromNewerVersion(file)
  if (newer.length > 0) {
    throw new ApiError(
      'backup_from_newer_version',
      `${newerVersionMessage('This backup was made', newer)}: restore it with that version or a newer one`,
    )
  }
  // A data folder with no database yet (a new laptop) has nothing to undo.
  const before = (await holdsTables(db)) ? await takeBackup(dataDir, 'pre-restore', now) : null
  if (before && !before.ok)
    throw new Error(`could not back up the database before restoring: ${before.error}`)
  const live = join(dataDir, databaseFileName)
  await copyDatabase(file, live)
  // A backup from before an upgrade is brought up to this version, its credentials sealed.
  await migrateToLatest(db)
  const sealing = await prepareSealing(db, keyStore)
  // Another database now: feed cursors given out before answer 409 (events/feed-position.ts),
  // and pages remembered from before are forgotten, here and in any other process.
  await renewDatabaseIdentity(db, fileIdOf(live), now)
  await sql`update record_counts set changes = changes + 1`.execute(db)
  forgetListPositions(db)
  return { restoredFrom, counts, undo: before?.name ?? null, unreadableSecrets: sealing.unreadable }
}

/** The migrations a backup has run that this version does not know. */
function backupMigrationsFromNewerVersion(file: string): string[] {
  const backup = new BetterSqlite3(file, { readonly: true, fileMustExist: true })
  try {
    const table = backup
      .prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`)
      .get()
    const ran = table
      ? (backup.prepare('select name from kysely_migration').pluck().all() as string[])
      : []
    return migrationsFromNewerVersion(ran, 'sqlite')
  } finally {
    backup.close()
  }
}

async function holdsTables(db: Db): Promise<boolean> {
  const { rows } = await sql`select 1 from sqlite_master where type = 'table' limit 1`.execute(db)
  return rows.length > 0
}
