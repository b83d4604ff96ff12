import { describe, expect, it } from 'vitest'
import type { TimelineEvent } from '../api/types'
import { describeActor, describeEvent, type Names } from './describe-event'

const names: Names = {
  stage: (id) => ({ a: 'Lead', b: 'Won', c: 'Lost' })[id],
  lostReason: (id) => (id === 'r' ? 'Price' : undefined),
  user: (id) => (id === 'u' ? 'Bia' : undefined),
  person: (id) => (id === 'p' ? 'Ana Souza' : undefined),
  company: (id) => ({ acme: 'Acme', init: 'Initech' })[id],
}
const event = (type: TimelineEvent['type'], data: Record<string, unknown>): TimelineEvent => ({
  id: '1',
  type,
  createdAt: '2026-11-22T12:00:00.000Z',
  tenantId: 't',
  data,
  actor: null,
})

describe('describeActor', () => {
  it('says who or what made a change', () => {
    expect(describeActor({ kind: 'token', name: 'Sync script' })).toBe('by Sync script')
    expect(describeActor({ kind: 'inbound', name: 'Site form' })).toBe('by webhook Site form')
    expect(describeActor({ kind: 'import' })).toBe('by a CSV import')
    expect(describeActor({ kind: 'ui' })).toBe('in the app')
    expect(describeActor(null)).toBeNull()
  })
})

describe('describeEvent', () => {
  it('tells stage moves by stage name, and a loss with its reason', () => {
    expect(describeEvent(event('deal.created', { object: { stageId: 'a' } }), names)).toBe(
      'Created in Lead',
    )
    expect(
      describeEvent(
        event('deal.stage_changed', { object: { stageId: 'b' }, previous: { stageId: 'a' } }),
        names,
      ),
    ).toBe('Moved from Lead to Won')
    expect(describeEvent(event('deal.lost', { object: { lostReasonId: 'r' } }), names)).toBe(
      'Lost: Price',
    )
  })

  it('leaves out the update that only carries a stage move, and names other changes', () => {
    const move = event('deal.updated', { object: {}, changes: ['stageId', 'closedAt'] })
    expect(describeEvent(move, names)).toBeNull()
    const edit = event('deal.updated', {
      object: { title: 'Acme plan', value: 2000, stageId: 'b' },
      previous: { title: 'Acme', value: 1000, stageId: 'a' },
      changes: ['title', 'value', 'stageId'],
    })
    expect(describeEvent(edit, names)).toBe('Title: Acme → Acme plan; Value: 1000 → 2000')
    const custom = event('person.updated', {
      object: { customFields: { plan: 'pro' }, primaryPhone: '+5511912345678' },
      previous: { customFields: {}, primaryPhone: null },
      changes: ['customFields', 'primaryPhone'],
    })
    expect(describeEvent(custom, names)).toBe('Changed custom fields; Phone: — → +5511912345678')
  })

  it('names the company and person a change links, unless one was deleted since', () => {
    const moved = event('person.updated', {
      object: { companyId: 'init' },
      previous: { companyId: 'acme' },
      changes: ['companyId'],
    })
    expect(describeEvent(moved, names)).toBe('Company: Acme → Initech')
    const linked = event('deal.updated', {
      object: { primaryPersonId: 'p', primaryCompanyId: null },
      previous: { primaryPersonId: null, primaryCompanyId: 'gone' },
      changes: ['primaryPersonId', 'primaryCompanyId'],
    })
    expect(describeEvent(linked, names)).toBe('Person: — → Ana Souza; Changed company')
  })

  it('tells a lifecycle change from what to what, and tags', () => {
    const change = event('person.updated', {
      object: { lifecycleStage: 'customer' },
      previous: { lifecycleStage: 'lead' },
      changes: ['lifecycleStage'],
    })
    expect(describeEvent(change, names)).toBe('Lifecycle stage: Lead → Customer')
    expect(describeEvent(event('person.tag_added', { object: {}, tag: 'vip' }), names)).toBe(
      'Tagged “vip”',
    )
  })
})
