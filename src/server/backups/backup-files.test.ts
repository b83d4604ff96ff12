import { describe, expect, it } from 'vitest'
import { backupName, backupsToPrune, type BackupFile, type BackupKind } from './backup-files'

const day = 24 * 60 * 60 * 1000
// Wednesday 2026-11-25, noon.
const now = Date.parse('2026-11-25T12:00:00Z')
const backup = (kind: BackupKind, daysAgo: number): BackupFile => {
  const takenAt = new Date(now - daysAgo * day)
  return { name: backupName(kind, takenAt), kind, takenAt, bytes: 1 }
}
const kept = (backups: BackupFile[]) => {
  const pruned = new Set(backupsToPrune(backups).map((item) => item.name))
  return backups.filter((item) => !pruned.has(item.name))
}

describe('which backups are kept', () => {
  it('7 daily, and the newest of each of the 4 newest weeks', () => {
    // Sixty days of daily backups, newest first.
    const daily = Array.from({ length: 60 }, (_, n) => backup('daily', n))
    const left = kept(daily)
    // The 7 newest (Nov 25 back to Nov 19), and the newest of each of the 4 newest weeks (as
    // restic's --keep-weekly counts them, overlap allowed): the weeks from Monday Nov 23 and
    // Nov 16 have theirs among the seven; those from Nov 9 and Nov 2 add Nov 15 and Nov 8.
    expect(left.map((item) => item.takenAt.toISOString().slice(0, 10))).toEqual([
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
      '2026-11-20',
      '2026-11-19',
      '2026-11-15',
      '2026-11-08',
    ])
  })

  it('the 4 newest before an upgrade and before a restore; every one taken by hand', () => {
    const backups = [
      ...Array.from({ length: 6 }, (_, n) => backup('pre-migration', n * 3)),
      ...Array.from({ length: 6 }, (_, n) => backup('pre-restore', n * 3 + 1)),
      ...Array.from({ length: 6 }, (_, n) => backup('manual', n * 30)),
    ].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime())
    const left = kept(backups)
    expect(left.filter((item) => item.kind === 'pre-migration')).toHaveLength(4)
    expect(left.filter((item) => item.kind === 'pre-restore')).toHaveLength(4)
    expect(left.filter((item) => item.kind === 'manual')).toHaveLength(6)
  })

  it('names sort by time and tell their kind', () => {
    expect(backupName('daily', new Date('2026-11-25T04:15:00.123Z'))).toBe(
      'outpost-2026-11-25T041500123Z-daily.sqlite',
    )
  })
})
