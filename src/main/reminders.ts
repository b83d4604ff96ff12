import type { Activity } from '../server/activities/schema'
import { reminderNotice } from '../shared/reminder-notice'
import { desktopText } from './desktop-i18n'

/** What the desktop app shows for one check's reminders, and where a click on it leads. */
export interface ReminderNotification {
  title: string
  body: string
  /** The page a click opens: the activity's deal or person, or My work for several. */
  path: string
  /** The one activity that Done and Snooze act on; absent for a grouped notice. */
  activityId?: string
}

export const snoozeMinutes = 10

/** The buttons of a single reminder's notification, in this order: Done, then Snooze. */
export function reminderActions(): [string, string] {
  const { t } = desktopText
  return [t('reminders.done'), t('reminders.snooze', { minutes: snoozeMinutes })]
}

const reminderTitle = (count: number, missed: boolean) =>
  count === 1
    ? desktopText.t('reminders.one')
    : desktopText.t(missed ? 'reminders.overdue' : 'reminders.several', { count })

/**
 * One notification per check: a single reminder names its activity and offers Done and Snooze;
 * several (a laptop back from sleep) make one notice that opens My work.
 */
export function reminderNotification(
  due: readonly Activity[],
  now: Date = new Date(),
): ReminderNotification {
  const { title, body } = reminderNotice(due, reminderTitle, now)
  if (due.length !== 1) return { title, body, path: '/my-work' }
  const [activity] = due as [Activity]
  const path = activity.dealId
    ? `/deals/${activity.dealId}`
    : activity.personIds[0]
      ? `/people/${activity.personIds[0]}`
      : '/my-work'
  return { title, body, path, activityId: activity.id }
}
