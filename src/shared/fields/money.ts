import { accept, refuse, type FieldResult } from './result'

/** The largest deal value Outpost keeps: past it, doubles stop holding cents exactly. */
export const maxMoney = 1e15

/** A deal value: a finite number from 0 to 10^15. */
export function checkMoney(amount: number): FieldResult<number> {
  if (!Number.isFinite(amount)) return refuse('must be a number', { rule: 'notNumber' })
  if (amount < 0) return refuse('must not be negative', { rule: 'negative' })
  if (amount > maxMoney) return refuse('is too large', { rule: 'tooLarge' })
  return accept(amount)
}

/**
 * An amount written by a machine of unknown locale (a webhook payload, a CSV cell): `1500`,
 * `1500.50`, `1.500,50` or `R$ 1,500.50`. When both `.` and `,` appear the last one is the
 * decimal mark; one alone is the decimal mark if it appears once, a thousands separator if it
 * repeats. Undefined when it is not an amount.
 */
export function parseAmount(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value !== 'string') return undefined
  let digits = value.replace(/[^\d.,-]/g, '')
  if (!/^-?[\d.,]*\d[\d.,]*$/.test(digits)) return undefined
  const lastDot = digits.lastIndexOf('.')
  const lastComma = digits.lastIndexOf(',')
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ','
    const thousands = decimal === '.' ? ',' : '.'
    digits = digits.replaceAll(thousands, '').replace(decimal, '.')
  } else {
    const mark = lastDot >= 0 ? '.' : ','
    const count = digits.split(mark).length - 1
    digits = count > 1 ? digits.replaceAll(mark, '') : digits.replace(mark, '.')
  }
  const amount = Number(digits)
  return Number.isFinite(amount) ? amount : undefined
}

/** A money amount from a number or such text, within checkMoney's range. */
export function parseMoney(value: unknown): FieldResult<number> {
  const amount = parseAmount(value)
  if (amount === undefined)
    return refuse('must be a number such as 1500 or 1500.50', { rule: 'machineAmount' })
  return checkMoney(amount)
}
