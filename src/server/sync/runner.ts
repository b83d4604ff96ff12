// A replica's background sync, in the server process (the desktop app, `outpost serve` on a
// replica's folder): a round every second while it is one, so changes made here reach the team
// server, and others' arrive, within about a second while online. A round that finds the server
// unreachable or refusing is recorded in the link (the status shows it), not logged each second.
import type { Clock } from '../clock'
import type { Db } from '../db/connection'
import type { Logger } from '../logger'
import { startPeriodic, type PeriodicTask } from '../periodic'
import { syncOnce, type SyncReport } from './replica'
import * as sync from './repository'
import { SyncError } from './server-client'

export type ReplicaSync = PeriodicTask<SyncReport | null>

export function startReplicaSync({
  db,
  clock,
  logger,
  everyMs = 1000,
}: {
  db: Db
  clock: Clock
  logger: Logger
  everyMs?: number
}): ReplicaSync {
  return startPeriodic(
    logger,
    'Syncing with the team server failed',
    async () => {
      if (!(await sync.findSyncState(db))) return null
      try {
        return await syncOnce(db, () => clock.now())
      } catch (error) {
        if (error instanceof SyncError) return null
        throw error
      }
    },
    (report) =>
      report && report.rejected.length > 0
        ? `The team server refused ${report.rejected.length} change(s) made here: ` +
          report.rejected.map(({ seq, reason }) => `${seq}: ${reason}`).join('; ')
        : null,
    { firstRunMs: everyMs, everyMs },
  )
}
