import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OutpostEvent } from '../../../shared/events'
import { reminderNotice } from '../../../shared/reminder-notice'
import { errorMessage } from '../api/client'
import { activities } from '../api/endpoints'
import type { Activity } from '../api/types'
import { i18next } from '../i18n/i18n'
import type { useToast } from '../ui/toast'

// Reminders that arrive together (a laptop waking after a night) make one notice, not a pile.
const gatherMs = 1000

// The notice's heading in the reader's language (the shared wording is English).
const reminderTitle = (count: number, missed: boolean) =>
  count === 1
    ? i18next.t('work:reminders.one')
    : i18next.t(missed ? 'work:reminders.overdue' : 'work:reminders.several', { count })

/**
 * Turns the stream's reminder.due events into notices: `show` inside the page always (with the
 * one activity of a single reminder, for its Done and Snooze), and a system notification through
 * the browser's Notification API when the user has allowed it.
 */
export function createReminderNotifier(
  show: (text: string, single: Activity | null) => void,
  openMyWork: () => void,
) {
  let batch: Activity[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    timer = undefined
    const notice = reminderNotice(batch, reminderTitle)
    const single = batch.length === 1 ? batch[0]! : null
    batch = []
    show(i18next.t('work:reminders.notice', { title: notice.title, body: notice.body }), single)
    if ('Notification' in window && Notification.permission === 'granted') {
      const notification = new Notification(notice.title, {
        body: notice.body,
        tag: 'outpost-reminder',
      })
      notification.onclick = () => {
        window.focus()
        openMyWork()
      }
    }
  }
  return (event: OutpostEvent) => {
    if (event.type !== 'reminder.due') return
    batch.push(event.data.object as Activity)
    timer ??= setTimeout(flush, gatherMs)
  }
}

/** How long a reminder's notice waits in the page for Done, Snooze or Open. */
export const reminderToastMs = 60_000

const snoozeMinutes = 10

/**
 * A single reminder's buttons in the page, as the desktop notification has them: Done marks the
 * activity done, Snooze moves its reminder 10 minutes on.
 */
export function reminderActions(activity: Activity, toast: ReturnType<typeof useToast>) {
  const { t } = i18next
  const settle = (work: Promise<unknown>, message: string) =>
    void work.then(
      () => toast(message, { tone: 'success' }),
      (error: unknown) => toast(errorMessage(error), { tone: 'error' }),
    )
  return [
    {
      label: t('work:reminders.done'),
      run: () =>
        settle(
          activities.update(activity.id, { done: true }),
          t('work:reminders.markedDone', { subject: activity.subject }),
        ),
    },
    {
      label: t('work:reminders.snooze', { minutes: snoozeMinutes }),
      run: () =>
        settle(
          activities.snooze(activity.id, snoozeMinutes),
          t('work:reminders.snoozed', { subject: activity.subject, minutes: snoozeMinutes }),
        ),
    },
  ]
}

/** Asks for permission to show reminders as system notifications, while it is not decided. */
export function ReminderPermission() {
  const { t } = useTranslation('work')
  const supported = 'Notification' in window
  const [permission, setPermission] = useState(supported ? Notification.permission : 'denied')
  if (!supported || permission !== 'default') return null
  return (
    <button
      type="button"
      className="button"
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      {t('reminders.allow')}
    </button>
  )
}
