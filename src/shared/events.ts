/**
 * Every outbound event type. The spec names the deal and person ones but the two `.deleted`; the
 * company, activity, note, reminder and saved view ones are Outpost's additions (docs/events.md).
 */
export const eventTypes = [
  'deal.created',
  'deal.updated',
  'deal.stage_changed',
  'deal.won',
  'deal.lost',
  'deal.deleted',
  'person.created',
  'person.updated',
  'person.tag_added',
  'person.deleted',
  'company.created',
  'company.updated',
  'company.deleted',
  'activity.created',
  'activity.updated',
  'activity.done',
  'activity.deleted',
  'note.created',
  'note.updated',
  'note.deleted',
  'reminder.due',
  'saved_view.created',
  'saved_view.updated',
  'saved_view.deleted',
] as const

export type EventType = (typeof eventTypes)[number]

/**
 * What each type's `data` holds. `snapshot`: the record only. `change`: the record, and `previous`
 * and `changes` saying what changed. `tag`: a change that also names the tag added. Keyed by every
 * type, so a new type cannot be added without saying which it is; docs/events.md lists the same.
 */
export const eventPayloads = {
  'deal.created': 'snapshot',
  'deal.updated': 'change',
  'deal.stage_changed': 'change',
  'deal.won': 'change',
  'deal.lost': 'change',
  'deal.deleted': 'snapshot',
  'person.created': 'snapshot',
  'person.updated': 'change',
  'person.tag_added': 'tag',
  'person.deleted': 'snapshot',
  'company.created': 'snapshot',
  'company.updated': 'change',
  'company.deleted': 'snapshot',
  'activity.created': 'snapshot',
  'activity.updated': 'change',
  'activity.done': 'change',
  'activity.deleted': 'snapshot',
  'note.created': 'snapshot',
  'note.updated': 'change',
  'note.deleted': 'snapshot',
  'reminder.due': 'snapshot',
  'saved_view.created': 'snapshot',
  'saved_view.updated': 'change',
  'saved_view.deleted': 'snapshot',
} as const satisfies Record<EventType, 'snapshot' | 'change' | 'tag'>

export type EventPayloadKind = (typeof eventPayloads)[EventType]

export interface SnapshotData<T> {
  /** The resource as the v1 API returns it (for `.deleted`, as it was before deletion). */
  object: T
}

export interface ChangeData<T> extends SnapshotData<T> {
  /** The value each changed field had before (its empty value when the record is new). */
  previous: Record<string, unknown>
  /** The names of the changed fields. */
  changes: string[]
}

export interface TagData<T> extends ChangeData<T> {
  /** The tag that was added. */
  tag: string
}

interface DataOfKind<T> {
  snapshot: SnapshotData<T>
  change: ChangeData<T>
  tag: TagData<T>
}

/** The `data` an event of type `K` must carry. */
export type EventDataOf<K extends EventType, T = unknown> = DataOfKind<T>[(typeof eventPayloads)[K]]

/** The `data` of any event, as a reader sees it. */
export type EventData<T> = SnapshotData<T> & Partial<TagData<T>>

/**
 * The version of the payload's shape, in every payload. Fields may be added within a version; a
 * change that could break a receiver (a field removed, renamed or its meaning changed) raises it.
 */
export const eventPayloadVersion = 1

export interface OutpostEvent<T = unknown> {
  id: string
  type: EventType
  version: number
  createdAt: string
  tenantId: string
  data: EventData<T>
}
