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

export const demoTimeZone = 'America/Sao_Paulo'

const logged = [
  ['call', 'Intro call', 'Interested; wants pricing for 20 seats'],
  ['meeting', 'Discovery meeting', 'Pain points: spreadsheets, no follow-up'],
  ['email', 'Sent the proposal', null],
  ['call', 'Follow-up call', 'Left a voicemail'],
] as const

// Days from today (negative: overdue), with an hour for some, as one person's week.
const scheduled: [type: string, subject: string, day: number | null, time: string | null][] = [
  ['task', 'Send the revised proposal', -3, null],
  ['call', 'Call back about the discount', -1, '15:00'],
  ['deadline', 'Contract signature deadline', -2, null],
  ['call', 'Check in after the demo', 0, '09:30'],
  ['meeting', 'Demo for the finance team', 0, '14:00'],
  ['email', 'Send the case study', 0, null],
  ['meeting', 'Negotiation meeting', 1, '10:00'],
  ['task', 'Prepare the implementation plan', 1, null],
  ['call', 'Reference call with a customer', 2, '16:30'],
  ['deadline', 'Proposal expires', 3, null],
  ['meeting', 'Kick-off planning', 6, '11:00'],
  ['task', 'Quarterly review of the account', 9, null],
  ['task', 'Update the account plan', null, null],
]

const noteTexts = [
  '**Decision maker** is the CFO; the IT lead only advises.',
  'Budget approved for Q1. Wants to start with a pilot of **5 seats**.',
  'Prefers WhatsApp to e-mail. Best time to call: after lunch.',
  'Uses a competitor today; contract ends in March.',
  'Asked for a Portuguese-speaking onboarding.',
]

export async function seedWeekOfWork(
  db: Db,
  tenantId: string,
  faker: Faker,
  { deals, people, users }: { deals: Deal[]; people: Person[]; users: User[] },
  now: Date,
): Promise<void> {
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
  for (const [index, [type, subject, day, time]] of scheduled.entries()) {
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
