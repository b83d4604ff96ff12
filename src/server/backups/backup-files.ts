// The automatic backups of a data folder: files in `<data folder>/backups`, named for when and why
// they were taken, and which of them to keep.

import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export type BackupKind = 'daily' | 'pre-migration' | 'pre-restore' | 'manual'

export interface BackupFile {
  name: string
  kind: BackupKind
  takenAt: Date
  bytes: number
}

export const backupsFolder = (dataDir: string) => join(dataDir, 'backups')

const pattern =
  /^outpost-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-(daily|pre-migration|pre-restore|manual)\.sqlite$/

/** `outpost-2026-11-25T041500123Z-daily.sqlite`: sorts by time, to the millisecond, tells its kind. */
export function backupName(kind: BackupKind, takenAt: Date): string {
  const stamp = takenAt.toISOString().slice(0, 23).replace(/[:.]/g, '')
  return `outpost-${stamp}Z-${kind}.sqlite`
}

/** The folder's backups, newest first; files of other names are left alone. */
export function listBackups(dataDir: string): BackupFile[] {
  const folder = backupsFolder(dataDir)
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return []
  }
  return names
    .flatMap((name) => {
      const match = pattern.exec(name)
      if (!match) return []
      const [, day, hours, minutes, seconds, millis, kind] = match
      const takenAt = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`)
      return [{ name, kind: kind as BackupKind, takenAt, bytes: statSync(join(folder, name)).size }]
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime())
}

/** Monday of the ISO week of `date`, as a day: backups of one week share it. */
function weekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7))
  return day.toISOString().slice(0, 10)
}

export const retention = { daily: 7, weekly: 4, preMigration: 4, preRestore: 4 }

/**
 * The backups to delete: of the daily ones, all but the 7 newest and the newest of each of the 4
 * newest weeks; of those taken before a migration or a restore, all but the 4 newest of each.
 * Manual backups are the user's.
 */
export function backupsToPrune(backups: readonly BackupFile[]): BackupFile[] {
  const keep = new Set<string>()
  const daily = backups.filter((backup) => backup.kind === 'daily')
  for (const backup of daily.slice(0, retention.daily)) keep.add(backup.name)
  const weeks = new Set<string>()
  for (const backup of daily) {
    const week = weekOf(backup.takenAt)
    if (weeks.has(week) || weeks.size === retention.weekly) continue
    weeks.add(week)
    keep.add(backup.name)
  }
  const before = (kind: BackupKind) => backups.filter((backup) => backup.kind === kind)
  for (const backup of before('pre-migration').slice(0, retention.preMigration))
    keep.add(backup.name)
  for (const backup of before('pre-restore').slice(0, retention.preRestore)) keep.add(backup.name)
  return backups.filter((backup) => backup.kind !== 'manual' && !keep.has(backup.name))
}
