import { eventTypes } from '../../../../shared/events'

/** What a subscription can listen to: everything, one resource, or single event types. */
export const eventChoices: { value: string; label: string }[] = [
  { value: '*', label: 'Every event' },
  { value: 'deal.*', label: 'Every deal event' },
  { value: 'person.*', label: 'Every person event' },
  ...eventTypes.map((type) => ({ value: type, label: type })),
]
