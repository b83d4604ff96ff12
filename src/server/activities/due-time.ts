// When an activity is due and when its reminder fires, as instants, from the wall-clock date and
// time a person typed in a time zone. date-fns with @date-fns/tz does the calendar arithmetic, so
// daylight-saving changes and month ends are not ours to get wrong.
import { TZDate } from '@date-fns/tz'
import { addDays, addMonths, addWeeks, format } from 'date-fns'

export type Recurrence = 'daily' | 'weekly' | 'monthly'

function wallClock(date: string, time: string, zone: string): TZDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return new TZDate(year, month - 1, day, hours, minutes, zone)
}

/** The instant of `date` at `time` (or the start of the day) in `zone`, as ISO 8601 UTC. */
export function instantOf(date: string, time: string | null, zone: string): string {
  return new Date(wallClock(date, time ?? '00:00', zone).getTime()).toISOString()
}

export interface ReminderRule {
  dueDate: string | null
  dueTime: string | null
  timeZone: string
  reminderMinutes: number | null
  /** HH:MM when a date-only activity is reminded. */
  digestTime: string
}

/**
 * When the reminder fires: `reminderMinutes` before the due time, or for a date-only activity
 * before the morning digest of its day; null without a date or a reminder.
 */
export function remindAtOf(rule: ReminderRule): string | null {
  if (!rule.dueDate || rule.reminderMinutes === null) return null
  const at = wallClock(rule.dueDate, rule.dueTime ?? rule.digestTime, rule.timeZone).getTime()
  return new Date(at - rule.reminderMinutes * 60_000).toISOString()
}

/** The calendar date (YYYY-MM-DD) and time (HH:MM) that `instant` is in `zone`. */
export function wallClockOf(instant: Date, zone: string): { date: string; time: string } {
  const local = new TZDate(instant.getTime(), zone)
  return { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') }
}

/** `date` moved by whole days, in calendar terms. */
export function shiftDate(date: string, days: number): string {
  return format(addDays(wallClock(date, '12:00', 'UTC'), days), 'yyyy-MM-dd')
}

const steps: Record<Recurrence, (date: TZDate, count: number) => TZDate> = {
  daily: addDays,
  weekly: addWeeks,
  monthly: addMonths,
}

/**
 * The due date of the next occurrence: the first step of the rule after `dueDate` that is also
 * after `today`, so a daily task done a week late is not followed by six that are already overdue.
 * Monthly steps count from the first date, so the 31st falls on the last day of shorter months.
 */
export function nextOccurrence(dueDate: string, recurrence: Recurrence, today: string): string {
  const first = wallClock(dueDate, '12:00', 'UTC')
  for (let count = 1; ; count++) {
    const next = format(steps[recurrence](first, count), 'yyyy-MM-dd')
    if (next > today) return next
  }
}
