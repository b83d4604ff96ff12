// Reminders fire from the local database, so they work offline: every half minute the scheduler
// asks which have come due, records one reminder.due event each (for scripts, webhooks and the
// browser's stream) and marks them fired, in one transaction. A machine that slept past several
// finds them all on its first run after waking; the notifier groups them into one notice.
import { inTransaction, type Db } from '../db/connection'
import type { Clock } from '../clock'
import { actingAs } from '../events/actor'
import { recordEvents } from '../events/service'
import type { Logger } from '../logger'
import { startPeriodic, type PeriodicTask } from '../periodic'
import * as activities from './repository'
import type { Activity } from './schema'
import { withPeople } from './service'

// Reminders are to the minute; half of one keeps them on time without a busy loop.
const schedule = { firstRunMs: 2_000, everyMs: 30_000 }
const batch = 500

/** Records reminder.due for every reminder that has come due, and answers them. */
export async function fireDueReminders(db: Db, now: Date): Promise<Activity[]> {
  return fireDue(actingAs(db, { kind: 'system', name: 'Reminders' }), now)
}

function fireDue(db: Db, now: Date): Promise<Activity[]> {
  return inTransaction(db, async (trx) => {
    const rows = await activities.listDueReminders(trx, now.toISOString(), batch)
    const due = await withPeople(trx, rows)
    for (const activity of due) {
      await activities.updateActivity(trx, activity.id, { remindedAt: now.toISOString() })
      await recordEvents(trx, activity.tenantId, now, [
        { type: 'reminder.due', resource: activity, data: { object: activity } },
      ])
    }
    return due
  })
}

/**
 * Fires reminders as they come due. `notify` hears each run's reminders (the desktop app shows
 * them as system notifications); it is not called when there are none.
 */
export function startReminderScheduler(options: {
  db: Db
  clock: Clock
  logger: Logger
  notify?: (due: Activity[]) => void
}): PeriodicTask<Activity[]> {
  const { db, clock, logger, notify } = options
  return startPeriodic(
    logger,
    'Reminders could not be checked',
    async () => {
      const due = await fireDueReminders(db, clock.now())
      if (due.length > 0) notify?.(due)
      return due
    },
    () => null,
    schedule,
  )
}
