// A replica's background sync, in the server process (the desktop app, `outpost serve` on a
// replica's folder): a round every second while it is one, so changes made here reach the team
// server within about a second while online; and a round as soon as the team server's event
// stream tells of a change (server-events.ts), so others' arrive at once. A round that finds the
// server unreachable or refusing is recorded in the link (the status shows it), not logged each
// second.
import type { Clock } from '../clock'
import type { Db } from '../db/connection'
import type { Logger } from '../logger'
import { startPeriodic, type PeriodicTask } from '../periodic'
import { syncOnce, type SyncReport } from './replica'
import * as sync from './repository'
import { SyncError } from './sync-errors'
import { watchServerEvents } from './server-events'

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
  // Set by a change the stream told of, until the round it asked for starts: a burst of events
  // asks for one round, not one each.
  let asked = false
  const task = startPeriodic(
    logger,
    'Syncing with the team server failed',
    async () => {
      asked = false
      if ((await sync.listSyncLinks(db)).length === 0) return null
      try {
        return await syncOnce(db, () => clock.now())
      } catch (error) {
        if (error instanceof SyncError) return null
        throw error
      }
    },
    (report) => {
      if (!report) return null
      const lines = report.removed.map(
        ({ name }) =>
          `Your access to "${name}" on the team server has ended: its copy was removed from this computer`,
      )
      if (report.rejected.length > 0) {
        lines.push(
          `The team server refused ${report.rejected.length} change(s) made here: ` +
            report.rejected.map(({ seq, reason }) => `${seq}: ${reason}`).join('; '),
        )
      }
      return lines.length > 0 ? lines.join('\n') : null
    },
    { firstRunMs: everyMs, everyMs },
  )
  const events = watchServerEvents(db, () => {
    if (asked) return
    asked = true
    task.trigger()
  })
  return {
    ...task,
    async stop() {
      events.stop()
      await task.stop()
    },
  }
}
