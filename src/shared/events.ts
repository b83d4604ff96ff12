/** Every outbound event type. The spec names all but the two `.deleted` ones, which Outpost adds. */
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
] as const

export type EventType = (typeof eventTypes)[number]

export interface EventData<T> {
  /** The resource as the v1 API returns it (for `.deleted`, as it was before deletion). */
  object: T
  /** For updates: the value each changed field had before. */
  previous?: Record<string, unknown>
  /** For updates: the names of the changed fields. */
  changes?: string[]
  /** For `person.tag_added`: the tag that was added. */
  tag?: string
}

export interface OutpostEvent<T = unknown> {
  id: string
  type: EventType
  createdAt: string
  tenantId: string
  data: EventData<T>
}
