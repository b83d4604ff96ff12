import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseCurrency } from './currency'
import { customFieldKeyFor, parseCustomFieldKey, parseCustomFieldValue } from './custom-field'
import { parseCalendarDate } from './date'
import { parseEmail } from './email'
import { parseMoney } from './money'
import { parsePhone } from './phone'
import type { FieldResult } from './result'
import { parseTag, parseTagText } from './tag'
import { parseLine } from './text'

const value = <T>(result: FieldResult<T>) => (result.ok ? result.value : result.message)

// The round-trip property every door relies on: what a rule stores, the same rule accepts again
// unchanged. An export is written from stored values, so an import of it cannot be refused.
function storedValuesAreFixedPoints(rule: (raw: string) => FieldResult<unknown>, raw: string) {
  const first = rule(raw)
  if (!first.ok) return
  expect(rule(String(first.value))).toEqual(first)
}

describe('shared field rules', () => {
  it('phones: any way of writing a valid number is its E.164, nonsense is refused', () => {
    expect(value(parsePhone('(11) 98765-4321'))).toBe('+5511987654321')
    expect(value(parsePhone('+55 11 98765 4321'))).toBe('+5511987654321')
    expect(value(parsePhone('(415) 555-2671', 'US'))).toBe('+14155552671')
    expect(value(parsePhone('+552804536901'))).toBe('"+552804536901" is not a valid phone number')
    expect(value(parsePhone('phone?'))).toBe('"phone?" is not a valid phone number')
  })

  it('e-mails are trimmed and lower-cased; tags take no comma; names are one line', () => {
    expect(value(parseEmail(' Ana@X.com '))).toBe('ana@x.com')
    expect(parseEmail('ana@').ok).toBe(false)
    expect(value(parseTagText(' vip,  VIP , new   customer,'))).toEqual(['vip', 'new customer'])
    expect(parseTag('a,b').ok).toBe(false)
    expect(value(parseLine('  Dora\r\nMultiline '))).toBe('Dora Multiline')
    expect(value(parseCurrency('usd'))).toBe('USD')
    expect(parseCurrency('ZZZ').ok).toBe(false)
    expect(value(parseMoney('1.500,50'))).toBe(1500.5)
    expect(parseMoney('-3').ok).toBe(false)
    expect(parseCustomFieldKey('-x').ok).toBe(false)
    expect(customFieldKeyFor(' Região de atuação ')).toBe('Regiao_de_atuacao')
    expect(customFieldKeyFor('Größe (cm)')).toBe('Gro_e_cm_')
    expect(value(parseCustomFieldValue('  pro '))).toBe('pro')
    expect(value(parseCalendarDate('2026-12-01T14:00:00Z'))).toBe('2026-12-01')
    expect(parseCalendarDate('2026-02-30').ok).toBe(false)
  })

  it('lengths count characters as JSON Schema does: an emoji is one; controls are refused', () => {
    const emoji = '😀'
    expect(value(parseLine(emoji.repeat(200)))).toBe(emoji.repeat(200))
    expect(parseLine(emoji.repeat(201))).toMatchObject({ ok: false, rule: 'tooLong' })
    expect(value(parseTag(emoji.repeat(64)))).toBe(emoji.repeat(64))
    expect(parseTag(emoji.repeat(65))).toMatchObject({ ok: false, rule: 'tooLong' })
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
      expect(parseLine(`a${control}b`), JSON.stringify(control)).toMatchObject({
        ok: false,
        rule: 'controlCharacter',
      })
      expect(parseTag(`a${control}b`).ok).toBe(false)
    }
  })

  it('what a rule stores, it accepts again unchanged (property)', () => {
    const phoneish = fc.stringMatching(/^\+?[\d\s().-]{6,20}$/)
    fc.assert(fc.property(phoneish, (raw) => storedValuesAreFixedPoints(parsePhone, raw)))
    fc.assert(fc.property(fc.string(), (raw) => storedValuesAreFixedPoints(parseLine, raw)))
    fc.assert(fc.property(fc.string(), (raw) => storedValuesAreFixedPoints(parseTag, raw)))
    fc.assert(fc.property(fc.emailAddress(), (raw) => storedValuesAreFixedPoints(parseEmail, raw)))
    fc.assert(
      fc.property(fc.array(fc.string()), (tags) => {
        const first = parseTagText(tags.join(','))
        if (!first.ok) return
        // Tags joined as an export writes them split back into the same tags.
        expect(parseTagText(first.value.join(', '))).toEqual(first)
      }),
    )
  })
})
