import { describe, expect, it } from 'vitest'
import { eventTypes } from '../../shared/events'
import { isEventTypePattern, selectedEventTypes } from './type-filter'

describe('subscription event filter', () => {
  it('* selects every event type, deletions included', () => {
    expect(selectedEventTypes(['*'])).toEqual([...eventTypes])
  })

  it('deal.* selects the deal events and nothing else', () => {
    expect(selectedEventTypes(['deal.*'])).toEqual([
      'deal.created',
      'deal.updated',
      'deal.stage_changed',
      'deal.won',
      'deal.lost',
      'deal.deleted',
    ])
  })

  it('exact types and wildcards combine, each type once', () => {
    expect(selectedEventTypes(['person.tag_added', 'deal.won', 'person.*'])).toEqual([
      'deal.won',
      'person.created',
      'person.updated',
      'person.tag_added',
      'person.deleted',
    ])
  })

  it('accepts known types and wildcards only', () => {
    for (const pattern of ['*', 'deal.*', 'person.*', 'deal.won']) {
      expect(isEventTypePattern(pattern), pattern).toBe(true)
    }
    for (const pattern of ['deal.wo*', 'invoice.*', 'deal', '*.created', 'DEAL.WON', '']) {
      expect(isEventTypePattern(pattern), pattern).toBe(false)
    }
  })
})
