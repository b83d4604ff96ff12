/** What a batch of reminders says: the one subject, or how many are due and the first few. */
export function reminderNotice(due: readonly { subject: string }[]): {
  title: string
  body: string
} {
  if (due.length === 1) return { title: 'Reminder', body: due[0]!.subject }
  const first = due.slice(0, 3).map((activity) => activity.subject)
  return {
    title: `${due.length} reminders due`,
    body: first.join(', ') + (due.length > 3 ? ', …' : ''),
  }
}
