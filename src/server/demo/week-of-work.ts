// The demo's activities and notes: a salesperson's week as it looks on a Wednesday morning, with
// calls already logged, work overdue, today's meetings at their hours, and the rest of the week.
import type { Faker } from '@faker-js/faker'
import { shiftDate, wallClockOf } from '../activities/due-time'
import { createActivity } from '../activities/service'
import type { Db } from '../db/connection'
import type { Deal } from '../deals/schema'
import { createNote } from '../notes/service'
import type { Person } from '../people/schema'
import type { User } from '../users/schema'
import type { DemoWords } from './demo-words'

export const demoTimeZone = 'America/Sao_Paulo'

// Days from today (negative: overdue), with an hour for some, as one person's week; the subjects
// are the demo's words (demo-words.ts), in this order.
const plan: [type: string, day: number | null, time: string | null][] = [
  ['task', -3, null],
  ['call', -1, '15:00'],
  ['deadline', -2, null],
  ['call', 0, '09:30'],
  ['meeting', 0, '14:00'],
  ['email', 0, null],
  ['meeting', 1, '10:00'],
  ['task', 1, null],
  ['call', 2, '16:30'],
  ['deadline', 3, null],
  ['meeting', 6, '11:00'],
  ['task', 9, null],
  ['task', null, null],
]

export async function seedWeekOfWork(
  db: Db,
  tenantId: string,
  faker: Faker,
  { deals, people, users }: { deals: Deal[]; people: Person[]; users: User[] },
  now: Date,
  words: DemoWords,
): Promise<void> {
  const { logged, scheduled, notes: noteTexts } = words
  const today = wallClockOf(now, demoTimeZone).date
  const personOf = (deal: Deal) => (deal.primaryPersonId ? [deal.primaryPersonId] : [])
  // What already happened: a log entry or two on most open deals.
  for (const [index, deal] of deals.entries()) {
    const [type, subject, outcome] = logged[index % logged.length]!
    const daysAgo = faker.number.int({ min: 2, max: 30 })
    await createActivity(
      db,
      tenantId,
      {
        type,
        subject,
        done: true,
        dueDate: shiftDate(today, -daysAgo),
        dueTime: `${faker.number.int({ min: 9, max: 17 })}:00`.padStart(5, '0'),
        outcome,
        dealId: deal.id,
        personIds: personOf(deal),
        assigneeId: deal.ownerId,
      },
      now,
    )
  }
  // What is to be done, on the deals with the most at stake first.
  const byValue = [...deals].sort((a, b) => b.value - a.value)
  for (const [index, [type, day, time]] of plan.entries()) {
    const subject = scheduled[index]!
    const deal = byValue[index % byValue.length]
    await createActivity(
      db,
      tenantId,
      {
        type,
        subject,
        ...(day === null ? {} : { dueDate: shiftDate(today, day) }),
        ...(time ? { dueTime: time } : {}),
        ...(deal ? { dealId: deal.id, personIds: personOf(deal), assigneeId: deal.ownerId } : {}),
        priority: index < 3 ? 'high' : 'normal',
      },
      now,
    )
  }
  for (const [index, text] of noteTexts.entries()) {
    const person = people[index * 7]
    if (!person) continue
    await createNote(
      db,
      tenantId,
      {
        body: text,
        personId: person.id,
        pinned: index < 2,
        authorId: users[index % users.length]?.id,
        notedAt: new Date(now.getTime() - (index + 1) * 86_400_000).toISOString(),
      },
      now,
    )
  }
}
