/**
 * A reminder whose time is further back than this when it fires was missed (the laptop slept or
 * Outpost was closed): the scheduler fires those on time within half a minute.
 */
export const missedAfterMs = 2 * 60 * 1000

const englishTitle = (count: number, missed: boolean) =>
  count === 1 ? 'Reminder' : missed ? `${count} overdue` : `${count} reminders due`

/**
 * What a batch of reminders says: the one subject, or how many are due and the first few. A batch
 * of reminders that were all missed (back from sleep, a start after a night off) is "N overdue".
 * `title` words the heading in the reader's language.
 */
export function reminderNotice(
  due: readonly { subject: string; remindAt?: string | null }[],
  title: (count: number, missed: boolean) => string = englishTitle,
  now: Date = new Date(),
): { title: string; body: string } {
  if (due.length === 1) return { title: title(1, false), body: due[0]!.subject }
  const missed = due.every(
    (activity) =>
      activity.remindAt && now.getTime() - Date.parse(activity.remindAt) > missedAfterMs,
  )
  const first = due.slice(0, 3).map((activity) => activity.subject)
  return {
    title: title(due.length, missed),
    body: first.join(', ') + (due.length > 3 ? ', …' : ''),
  }
}
