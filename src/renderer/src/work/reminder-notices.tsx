import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OutpostEvent } from '../../../shared/events'
import { reminderNotice } from '../../../shared/reminder-notice'
import type { Activity } from '../api/types'
import { i18next } from '../i18n/i18n'

// Reminders that arrive together (a laptop waking after a night) make one notice, not a pile.
const gatherMs = 1000

// The notice's heading in the reader's language (the shared wording is English).
const reminderTitle = (count: number, missed: boolean) =>
  count === 1
    ? i18next.t('work:reminders.one')
    : i18next.t(missed ? 'work:reminders.overdue' : 'work:reminders.several', { count })

/**
 * Turns the stream's reminder.due events into notices: `show` inside the page always, and a system
 * notification through the browser's Notification API when the user has allowed it.
 */
export function createReminderNotifier(show: (text: string) => void, openMyWork: () => void) {
  let batch: Activity[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    timer = undefined
    const notice = reminderNotice(batch, reminderTitle)
    batch = []
    show(i18next.t('work:reminders.notice', { title: notice.title, body: notice.body }))
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
