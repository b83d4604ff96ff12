import { eventTypes, type EventType } from '../../shared/events'

const resources = [...new Set(eventTypes.map((type) => type.split('.')[0]!))]

/** Every pattern a subscription may list: an event type, `<resource>.*`, or `*`. */
export const eventTypePatterns: readonly string[] = [
  '*',
  ...resources.map((resource) => `${resource}.*`),
  ...eventTypes,
]

export function isEventTypePattern(value: string): boolean {
  return eventTypePatterns.includes(value)
}

function matches(pattern: string, type: EventType): boolean {
  if (pattern === '*') return true
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1))
  return pattern === type
}

/** The event types a list of patterns selects, in the order of `eventTypes`. */
export function selectedEventTypes(patterns: readonly string[]): EventType[] {
  return eventTypes.filter((type) => patterns.some((pattern) => matches(pattern, type)))
}
