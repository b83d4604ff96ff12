import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCurrency } from '../../../shared/fields/currency'
import { parseCustomFieldKey, parseCustomFieldValue } from '../../../shared/fields/custom-field'
import { parseCalendarDate } from '../../../shared/fields/date'
import { parseEmail } from '../../../shared/fields/email'
import { checkMoney, parseMoney } from '../../../shared/fields/money'
import { parseTypedMoney } from '../../../shared/fields/money-input'
import { parsePhone } from '../../../shared/fields/phone'
import type { FieldRefusal, FieldResult, RefusalRule } from '../../../shared/fields/result'
import { parseTag, parseTagText } from '../../../shared/fields/tag'
import { parseLine } from '../../../shared/fields/text'
import { i18next } from '../i18n/i18n'
import { catalogue as portuguese } from '../i18n/locales/pt-BR'
import { refusalText } from './field-rules'

// One refusal of every rule, as the shared field rules give them.
const refusals: Record<RefusalRule, FieldResult<unknown>> = {
  empty: parseLine('  '),
  tooLong: parseLine('x'.repeat(201)),
  controlCharacter: parseLine('a\u0000b'),
  tooManyTags: parseTagText(Array.from({ length: 101 }, (_, index) => `t${index}`).join(',')),
  tagComma: parseTag('a,b'),
  invalidPhone: parsePhone('phone?'),
  invalidEmail: parseEmail(' Ana@ '),
  notNumber: checkMoney(Number.NaN),
  negative: parseTypedMoney('-5', 'pt-BR'),
  tooLarge: checkMoney(1e16),
  machineAmount: parseMoney('abc'),
  typedAmount: parseTypedMoney('1,5', 'en-US'),
  currencyCode: parseCurrency('us'),
  customFieldKey: parseCustomFieldKey('-x'),
  jsonValue: parseCustomFieldValue(undefined),
  jsonTooLong: parseCustomFieldValue('x'.repeat(10_001)),
  calendarDate: parseCalendarDate('2026-02-30'),
}

const refusal = (result: FieldResult<unknown>): FieldRefusal => {
  if (result.ok) throw new Error('expected a refusal')
  return result
}

describe('refusalText', () => {
  const before = i18next.language
  beforeAll(async () => {
    // The interface loads its own language only (English here, with no browser): Portuguese too.
    for (const [namespace, strings] of Object.entries(portuguese))
      i18next.addResourceBundle('pt-BR', namespace, strings)
    await i18next.changeLanguage('en')
  })
  afterAll(() => i18next.changeLanguage(before))

  it('words every refusal in English exactly as the server does', () => {
    for (const [rule, result] of Object.entries(refusals)) {
      const refused = refusal(result)
      expect(refused.rule, rule).toBe(rule)
      expect(refusalText('Field', refused), rule).toBe(`Field ${refused.message}`)
    }
  })

  it('words every refusal in Portuguese, with its params', async () => {
    await i18next.changeLanguage('pt-BR')
    for (const [rule, result] of Object.entries(refusals)) {
      const refused = refusal(result)
      const text = refusalText('Campo', refused)
      expect(text, rule).not.toBe(`Campo ${refused.message}`)
      expect(text, rule).toMatch(/^Campo/)
      for (const value of Object.values(refused.params ?? {})) expect(text).toContain(String(value))
    }
    await i18next.changeLanguage('en')
  })

  it('keeps the English message of a refusal that names no rule', () => {
    expect(refusalText('Field', { ok: false, message: 'is odd' })).toBe('Field is odd')
  })
})
