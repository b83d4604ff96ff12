import type { Activity, ActivityType } from '../api/types'
import { formatDate, formatTimeOfDay } from '../format/dates'
import { i18next } from '../i18n/i18n'

// The five types every workspace has, named in the reader's language; a workspace's own types
// keep the names it gave them.
const builtInTypes = ['call', 'meeting', 'email', 'task', 'deadline'] as const
type BuiltInType = (typeof builtInTypes)[number]
const isBuiltIn = (key: string): key is BuiltInType =>
  (builtInTypes as readonly string[]).includes(key)

/** The name of an activity's type: a built-in type translated, a workspace's own by its name. */
export const typeName = (key: string, types: ActivityType[] | undefined) =>
  isBuiltIn(key)
    ? i18next.t(`work:types.${key}`)
    : (types?.find((type) => type.key === key)?.name ?? key)

/** Where an open activity stands against today: what its colour says. */
export type DueState = 'overdue' | 'today' | 'future' | 'none'

/** Today's date, YYYY-MM-DD, in this computer's zone. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export function dueState(activity: Activity, now: Date = new Date()): DueState {
  if (!activity.dueDate) return 'none'
  const today = localToday(now)
  const timedPast =
    activity.dueTime !== null &&
    activity.dueAt !== null &&
    Date.parse(activity.dueAt) < now.getTime()
  if (activity.dueDate < today || (activity.dueDate === today && timedPast)) return 'overdue'
  return activity.dueDate === today ? 'today' : 'future'
}

/** "25 Nov 2026, 14:30", in the activity's own zone and the user's locale; "No date" without one. */
export function dueLabel(activity: Activity): string {
  if (!activity.dueDate) return i18next.t('work:due.noDate')
  const date = formatDate(activity.dueDate)
  return activity.dueTime ? `${date}, ${formatTimeOfDay(activity.dueTime)}` : date
}
