const englishTitle = (count: number) => (count === 1 ? 'Reminder' : `${count} reminders due`)

/**
 * What a batch of reminders says: the one subject, or how many are due and the first few.
 * `title` words the heading in the reader's language.
 */
export function reminderNotice(
  due: readonly { subject: string }[],
  title: (count: number) => string = englishTitle,
): { title: string; body: string } {
  if (due.length === 1) return { title: title(1), body: due[0]!.subject }
  const first = due.slice(0, 3).map((activity) => activity.subject)
  return {
    title: title(due.length),
    body: first.join(', ') + (due.length > 3 ? ', …' : ''),
  }
}
