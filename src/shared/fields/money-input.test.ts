import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatTypedMoney, parseTypedMoney } from './money-input'

const read = (text: string, locale: string) => {
  const result = parseTypedMoney(text, locale)
  return result.ok ? result.value : result.message
}

describe('parseTypedMoney', () => {
  it('reads an amount with the separators of the person who typed it', () => {
    expect(read('12.345,50', 'pt-BR')).toBe(12345.5)
    expect(read('R$ 12.345,50', 'pt-BR')).toBe(12345.5)
    expect(read('12345,5', 'pt-BR')).toBe(12345.5)
    expect(read('12.345', 'pt-BR')).toBe(12345)
    expect(read('12,345.50', 'en-US')).toBe(12345.5)
    expect(read('$12,345.50', 'en-US')).toBe(12345.5)
    expect(read('12.345', 'en-US')).toBe(12.345)
    expect(read('1 234,50', 'fr-FR')).toBe(1234.5)
    expect(read('0', 'pt-BR')).toBe(0)
  })

  it('refuses a separator the locale gives another meaning, and malformed amounts', () => {
    for (const [text, locale] of [
      ['1,5', 'en-US'],
      ['1.5', 'pt-BR'],
      ['12,345.50', 'pt-BR'],
      ['12.345,50', 'en-US'],
      ['1,2,3', 'en-US'],
      ['12.34.5', 'pt-BR'],
      ['12..5', 'en-US'],
      ['abc', 'en-US'],
      ['', 'pt-BR'],
    ]) {
      expect(read(text!, locale!), `${text} in ${locale}`).toMatch(/^is not an amount: write it as/)
    }
    expect(read('12.345,50', 'en-US')).toBe('is not an amount: write it as 12,345.50')
    expect(read('-5', 'pt-BR')).toBe('must not be negative')
  })

  it('reads back what it formats, in every locale Outpost is used in', () => {
    const cents = fc.integer({ min: 0, max: 100_000_000_000 }).map((n) => n / 100)
    const locale = fc.constantFrom('pt-BR', 'en-US', 'en-GB', 'es-ES', 'de-DE', 'fr-FR', 'pt-PT')
    fc.assert(
      fc.property(cents, locale, (value, tag) => {
        expect(read(formatTypedMoney(value, tag), tag)).toBe(value)
      }),
    )
  })
})
