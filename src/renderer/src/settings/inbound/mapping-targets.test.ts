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

  it('builds a sample payload naming each placeholder once', () => {
    expect(
      samplePayload({ fullName: '{{name}}', primaryEmail: '{{ email }}', x: '{{name}}' }),
    ).toEqual({
      name: '',
      email: 'ana@example.com',
    })
  })
})
