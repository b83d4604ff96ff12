// Taking a backup: SQLite's online backup API on a connection of its own (consistent while the
// server writes), checked before it counts as one, then the old ones pruned.

import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { databaseFileName } from '../data-dir'
import {
  backupName,
  backupsFolder,
  backupsToPrune,
  listBackups,
  type BackupKind,
} from './backup-files'
import { copyDatabase } from './copy-database'

export interface BackupCheck {
  people: number
  deals: number
}

export interface BackupStatus {
  at: string
  kind: BackupKind
  ok: boolean
  /** The file, when it was taken and passed its check. */
  name: string | null
  bytes: number | null
  counts: BackupCheck | null
  error: string | null
}

/**
 * Opens a backup and checks it: SQLite's integrity_check must say ok (every page, every index
 * against its table), and the people and deals it holds must be what its own maintained counts
 * (record_counts) say. Throws why not.
 */
export function verifyBackup(file: string): BackupCheck {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true })
  try {
    const check = db.pragma('integrity_check', { simple: true })
    if (check !== 'ok') throw new Error(`the copy is damaged: ${String(check)}`)
    const counted = (table: string) =>
      db.prepare(`select count(*) from ${table}`).pluck().get() as number
    const counts = { people: counted('people'), deals: counted('deals') }
    // Files from before maintained counts (a pre-migration backup of an old version) have none.
    const maintained = db.prepare(`select 1 from sqlite_master where name = 'record_counts'`).get()
    for (const table of maintained ? (['people', 'deals'] as const) : []) {
      const kept = db
        .prepare('select coalesce(sum(total), 0) from record_counts where kind = ?')
        .pluck()
        .get(table) as number
      if (counts[table] !== kept) {
        throw new Error(`the copy holds ${counts[table]} ${table} where its counts say ${kept}`)
      }
    }
    return counts
  } finally {
    db.close()
  }
}

const statusFile = (dataDir: string) => join(backupsFolder(dataDir), 'status.json')

/** How the last backup went, or null before the first. */
export function lastBackupStatus(dataDir: string): BackupStatus | null {
  try {
    return JSON.parse(readFileSync(statusFile(dataDir), 'utf8')) as BackupStatus
  } catch {
    return null
  }
}

/** Takes a backup of the data folder's database, checks it, keeps it, prunes the old ones. */
export async function takeBackup(
  dataDir: string,
  kind: BackupKind,
  now: Date,
): Promise<BackupStatus> {
  const folder = backupsFolder(dataDir)
  mkdirSync(folder, { recursive: true })
  // Two backups in one millisecond (a restore undone at once) must not share a file.
  let takenAt = now
  while (existsSync(join(folder, backupName(kind, takenAt)))) {
    takenAt = new Date(takenAt.getTime() + 1)
  }
  const name = backupName(kind, takenAt)
  const partial = join(folder, `${name}.partial`)
  let status: BackupStatus
  try {
    await copyDatabase(join(dataDir, databaseFileName), partial)
    // One self-contained file, as a backup should be: the copy came in WAL mode, which would
    // leave -wal and -shm files beside it whenever it is opened.
    const copy = new BetterSqlite3(partial)
    copy.pragma('journal_mode = DELETE')
    copy.close()
    const counts = verifyBackup(partial)
    renameSync(partial, join(folder, name))
    const bytes = statSync(join(folder, name)).size
    status = { at: now.toISOString(), kind, ok: true, name, bytes, counts, error: null }
  } catch (error) {
    rmSync(partial, { force: true })
    const message = (error as Error).message
    status = {
      at: now.toISOString(),
      kind,
      ok: false,
      name: null,
      bytes: null,
      counts: null,
      error: message,
    }
  }
  writeFileSync(statusFile(dataDir), JSON.stringify(status, null, 2))
  if (status.ok) {
    for (const old of backupsToPrune(listBackups(dataDir))) rmSync(join(folder, old.name))
  }
  return status
}
