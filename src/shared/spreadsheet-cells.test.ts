import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { protectCell, unprotectCell } from './spreadsheet-cells'

describe('protectCell', () => {
  it('turns text that starts like a formula into text a spreadsheet will not run', () => {
    for (const formula of [
      '=1+1',
      '=HYPERLINK("http://evil.test","x")',
      '@SUM(A1)',
      '+cmd',
      '-2+3',
      '\t=x',
      '\r=x',
    ]) {
      expect(protectCell(formula), formula).toBe(`'${formula}`)
    }
  })

  it('leaves ordinary values, numbers and phone numbers alone', () => {
    for (const value of [
      'Ana Souza',
      'ana@acme.com',
      '+55 11 91234-5678',
      '+1 (555) 010-9999',
      '-42',
      '12.5',
      "'quoted",
      '',
    ]) {
      expect(protectCell(value), value).toBe(value)
    }
  })

  it('reading back gives exactly what was written, for any text', () => {
    fc.assert(fc.property(fc.string(), (text) => unprotectCell(protectCell(text)) === text))
    fc.assert(
      fc.property(fc.constantFrom("'", "''", '='), fc.string(), (prefix, rest) => {
        const text = prefix + rest
        return unprotectCell(protectCell(text)) === text
      }),
    )
  })
})
