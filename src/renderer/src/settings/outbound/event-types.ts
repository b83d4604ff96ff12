import { eventTypes } from '../../../../shared/events'

/** A choice of events: a pattern, with its label's key in the `outbound` catalogue, or a type. */
export interface EventChoice {
  value: string
  /** Null for a single event type, shown as it is (it is code: `deal.created`). */
  label: 'events.all' | 'events.deal' | 'events.person' | null
}

/** What a subscription can listen to: everything, one resource, or single event types. */
export const eventChoices: EventChoice[] = [
  { value: '*', label: 'events.all' },
  { value: 'deal.*', label: 'events.deal' },
  { value: 'person.*', label: 'events.person' },
  ...eventTypes.map((type) => ({ value: type, label: null })),
]
