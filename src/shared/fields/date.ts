import { accept, refuse, type FieldResult } from './result'

/**
 * A calendar date (`2026-12-31`), such as a deal's expected close. A date-time is cut to its date
 * (booking tools send `2026-12-01T14:00:00Z`; the day is what a deal needs).
 */
export function parseCalendarDate(raw: string): FieldResult<string> {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(raw.trim())
  const day = match && new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!))
  if (!match || !day || day.toISOString().slice(0, 10) !== match[0].slice(0, 10)) {
    return refuse('must be a date like 2026-12-31', { rule: 'calendarDate' })
  }
  return accept(match[0].slice(0, 10))
}
