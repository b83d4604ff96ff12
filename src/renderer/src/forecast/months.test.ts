import { describe, expect, it } from 'vitest'
import { expectedCloseIn } from './months'

describe('expectedCloseIn', () => {
  it('keeps the day of the month, or the last day of a shorter month', () => {
    expect(expectedCloseIn('2026-11-15', '2026-12')).toBe('2026-12-15')
    expect(expectedCloseIn('2026-12-31', '2027-02')).toBe('2027-02-28')
    expect(expectedCloseIn('2027-01-31', '2028-02')).toBe('2028-02-29')
  })

  it('gives a deal without a date the last day of the month', () => {
    expect(expectedCloseIn(null, '2026-11')).toBe('2026-11-30')
  })
})
