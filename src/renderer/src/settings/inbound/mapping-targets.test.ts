import { describe, expect, it } from 'vitest'
import { customTarget, samplePayload, toMapping, toRows } from './mapping-targets'

describe('inbound mapping rows', () => {
  it('round-trips a mapping with templates, lists and custom fields', () => {
    const mapping = {
      fullName: '{{first_name}} {{last_name}}',
      tags: ['web', '{{campaign}}'],
      'customFields.plan': '{{plan}}',
    }
    const rows = toRows(mapping)
    expect(rows[2]).toEqual({ target: customTarget, customKey: 'plan', value: '{{plan}}' })
    expect(toMapping(rows)).toEqual(mapping)
  })

  it('leaves out rows without a target or a value', () => {
    expect(
      toMapping([
        { target: 'fullName', customKey: '', value: '  ' },
        { target: customTarget, customKey: '', value: 'x' },
        { target: 'leadSource', customKey: '', value: 'website' },
      ]),
    ).toEqual({ leadSource: 'website' })
  })

  it('builds a sample payload naming each placeholder once, with values its field takes', () => {
    expect(
      samplePayload({ fullName: '{{name}}', primaryEmail: '{{ email }}', x: '{{name}}' }),
    ).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com',
    })
  })

  it('splits a name made of parts, and lays out nested paths as the sender sends them', () => {
    expect(
      samplePayload({
        fullName: '{{first_name}} {{last_name}}',
        primaryEmail: '{{form.answers[0].email}}',
        primaryPhone: '{{form.answers[1].phone}}',
        tags: ['web', '{{campaign}}'],
        leadSource: 'site {{query.utm_source}} {{headers.x-campaign}}',
        'customFields.plan': '{{data["plan name"]}}',
      }),
    ).toEqual({
      first_name: 'Ana',
      last_name: 'Souza',
      form: { answers: [{ email: 'ana@example.com' }, { phone: '+55 11 91234-5678' }] },
      campaign: 'newsletter',
      'data["plan name"]': '',
    })
  })
})
