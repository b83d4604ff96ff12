import { userLocale } from '../format/locale'

const monthFormat = new Intl.DateTimeFormat(userLocale, {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** "novembro de 2026" for 2026-11, in the user's language. */
export const monthTitle = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`))

/**
 * The close date a deal dragged to `month` gets: the same day of the month it had (the last day
 * when the month is shorter), or the last day of the month for a deal that had none.
 */
export function expectedCloseIn(previous: string | null, month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()
  const day = previous ? Math.min(Number(previous.slice(8, 10)), lastDay) : lastDay
  return `${month}-${String(day).padStart(2, '0')}`
}

/** The month `count` months after `month` (before it when negative): 2026-11 + 3 → 2027-02. */
export function monthsAfter(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(year, monthNumber - 1 + count, 1))
  return date.toISOString().slice(0, 7)
}
