// Restoring a backup while the server runs: the backup is checked, the moment before is backed
// up (so a restore can be undone), and the backup is written over the live database through
// SQLite's backup API, which holds the write lock while it copies: writes wait (up to the busy
// timeout, 5 s), reads go on, and every connection sees the restored file when it is done.

import { join } from 'node:path'
import { sql } from 'kysely'
import { migrateToLatest, type Db } from '../db/connection'
import { fileIdOf, renewDatabaseIdentity } from '../db/identity'
import { forgetListPositions } from '../db/list-positions'
import { databaseFileName } from '../data-dir'
import { ApiError, notFound } from '../http/errors'
import type { KeyStore } from '../sealing/key-store'
import { prepareSealing } from '../sealing/prepare'
import { backupsFolder, listBackups } from './backup-files'
import { copyDatabase } from './copy-database'
import { takeBackup, verifyBackup, type BackupCheck } from './take-backup'

export interface RestoreResult {
  restoredFrom: string
  counts: BackupCheck
  /** The backup of the moment before the restore: restore it to undo. */
  undo: string | null
}

export async function restoreBackup(
  db: Db,
  dataDir: string,
  name: string,
  keyStore: KeyStore,
  now: Date,
): Promise<RestoreResult> {
  if (!listBackups(dataDir).some((backup) => backup.name === name)) throw notFound('Backup')
  const file = join(backupsFolder(dataDir), name)
  let counts: BackupCheck
  try {
    counts = verifyBackup(file)
  } catch (error) {
    throw new ApiError(
      'backup_damaged',
      `This backup cannot be restored: ${(error as Error).message}`,
    )
  }
  const before = await takeBackup(dataDir, 'pre-restore', now)
  if (!before.ok)
    throw new Error(`could not back up the database before restoring: ${before.error}`)
  const live = join(dataDir, databaseFileName)
  await copyDatabase(file, live)
  // A backup from before an upgrade is brought up to this version, its credentials sealed.
  await migrateToLatest(db)
  await prepareSealing(db, keyStore)
  // Another database now: feed cursors given out before answer 409 (events/feed-position.ts),
  // and pages remembered from before are forgotten, here and in any other process.
  await renewDatabaseIdentity(db, fileIdOf(live), now)
  await sql`update record_counts set changes = changes + 1`.execute(db)
  forgetListPositions(db)
  return { restoredFrom: name, counts, undo: before.name }
}
