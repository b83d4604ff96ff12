// What a record's timeline keeps of an event once the event retention prunes it from the change
// feed (events/retention.ts): the event with its `data` cut to what a timeline line tells. A
// person's history would otherwise empty a month after its last change.
import type { OutpostEvent } from '../../shared/events'

// Besides the fields a change names: the record's name (a company's timeline names each line's
// record) and a deal's stage and lost reason (its "created in", "moved" and "lost" lines).
const toldFields = ['fullName', 'title', 'stageId', 'lostReasonId']

const picked = (object: Record<string, unknown>, fields: Set<string>) =>
  Object.fromEntries(Object.entries(object).filter(([field]) => fields.has(field)))

/**
 * The event as the history keeps it: id, type, time and `data` (`previous`, `changes` and `tag`
 * whole, `object` with only the fields told). The workspace is the row's; the payload's version
 * is the feed's business.
 */
export function historyPayload(payload: string): string {
  const event = JSON.parse(payload) as Partial<OutpostEvent<Record<string, unknown>>>
  // An event without `data` (the stubs of the earliest schema's fixtures) is kept with an empty
  // object rather than allowed to stop the prune: every later batch would fail on it again.
  const { object = {}, previous, changes, tag } = event.data ?? {}
  const told = new Set([...toldFields, ...(changes ?? [])])
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt,
    data: { object: picked(object, told), previous, changes, tag },
  })
}
