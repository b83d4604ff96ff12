import type { Clock } from '../clock'
import type { Logger } from '../logger'
import { startPeriodic } from '../periodic'
import { listBackups } from './backup-files'
import { takeBackup } from './take-backup'

const dayMs = 24 * 60 * 60 * 1000

/** A daily backup is due when the newest is a day old, or there is none. */
export function dailyBackupDue(dataDir: string, now: Date): boolean {
  const newest = listBackups(dataDir).find((backup) => backup.kind === 'daily')
  return !newest || now.getTime() - newest.takenAt.getTime() >= dayMs
}

/**
 * Looks a little after start and then hourly whether the daily backup is due, and takes it: a
 * laptop that sleeps through the night backs up within the hour it wakes. A failed backup is
 * tried again the next hour.
 */
export const startBackupSchedule = ({
  dataDir,
  clock,
  logger,
}: {
  dataDir: string
  clock: Clock
  logger: Logger
}) =>
  startPeriodic(
    logger,
    'The daily backup failed',
    async () =>
      dailyBackupDue(dataDir, clock.now()) ? takeBackup(dataDir, 'daily', clock.now()) : null,
    (status) =>
      status === null
        ? null
        : status.ok
          ? `Backed up to ${status.name} (${status.counts?.people} people, ${status.counts?.deals} deals)`
          : `The daily backup failed: ${status.error}; trying again within the hour`,
  )
