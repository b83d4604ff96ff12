import { language } from '../i18n/i18n'
import { userLocale } from './locale'

const dateFormat = new Intl.DateTimeFormat(userLocale, { dateStyle: 'medium', timeZone: 'UTC' })
const dateTimeFormat = new Intl.DateTimeFormat(userLocale, {
  dateStyle: 'medium',
  timeStyle: 'short',
})
// Dates keep the system's regional format; "3 days ago" is a phrase, in the interface's language
// ("Falhando desde now" on a Portuguese screen of an English system).
const relativeFormat = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })

/** A calendar date (`2026-12-31`) in the user's locale; no time zone can move it a day. */
export function formatDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`))
}

// A time of day as written in its own zone (`14:30`): formatted as UTC, so no zone moves it.
const timeOfDayFormat = new Intl.DateTimeFormat(userLocale, { timeStyle: 'short', timeZone: 'UTC' })

/** `14:30` as the user's locale writes times ("2:30 PM" in the US), like every other time shown. */
export function formatTimeOfDay(time: string): string {
  return timeOfDayFormat.format(new Date(`1970-01-01T${time}:00Z`))
}

/** A moment (`2026-11-22T14:03:00.000Z`) in the user's locale and time zone. */
export function formatDateTime(timestamp: string): string {
  return dateTimeFormat.format(new Date(timestamp))
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** "3 hours ago", "in 2 days"; "now" under a minute. */
export function formatRelative(timestamp: string, now: number = Date.now()): string {
  const difference = new Date(timestamp).getTime() - now
  for (const [unit, size] of units) {
    if (Math.abs(difference) >= size)
      return relativeFormat.format(Math.round(difference / size), unit)
  }
  return relativeFormat.format(0, 'second')
}

/** Whether a calendar date lies before today (an overdue expected close date). */
export function isPastDate(date: string, now: Date = new Date()): boolean {
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
  return date < today
}

/** A moment as a `datetime-local` input shows it (`2026-11-22T11:03`), in this computer's zone. */
export function toDateTimeInput(timestamp: string | Date): string {
  const at = new Date(timestamp)
  const pad = (value: number) => String(value).padStart(2, '0')
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
  return `${date}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

/** A `datetime-local` input's value, read in this computer's zone, as an ISO timestamp. */
export function fromDateTimeInput(value: string): string {
  return new Date(value).toISOString()
}
