import { checkMoney } from './money'
import { refuse, type FieldResult } from './result'

// Every kind of space, as Intl writes them (`R$ 1.234`, `1 234,50`) and as people type them.
const anySpace = /[\s\u00a0\u202f]/g

/** The separators a person of `locale` writes numbers with: `.` and `,` in pt-BR, the reverse in en-US. */
export function numberSeparators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
  const part = (type: string, fallback: string) =>
    (parts.find((candidate) => candidate.type === type)?.value ?? fallback).replace(anySpace, ' ')
  return { group: part('group', ','), decimal: part('decimal', '.') }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A deal value typed by a person, read with their locale's separators and nothing else: in pt-BR
 * `12.345,50` is 12345.5 and `12.345` is twelve thousand; in en-US `12,345.50` is 12345.5 and
 * `12.345` is twelve point three. Groups have three digits and come before the decimal mark, so
 * a separator the locale gives another meaning (`1,5` in en-US, `1.5` in pt-BR) or a malformed
 * amount (`1,2,3`, `12.34.5`) is refused with an example instead of guessed at. A currency symbol
 * or code around the number (`R$`, `BRL`) is ignored.
 */
export function parseTypedMoney(text: string, locale: string): FieldResult<number> {
  const { group, decimal } = numberSeparators(locale)
  const bare = text.replace(anySpace, ' ').replace(/^[\p{L}\p{Sc} ]+|[\p{L}\p{Sc} ]+$/gu, '')
  if (bare.startsWith('-')) return refuse('must not be negative', { rule: 'negative' })
  const amount = new RegExp(
    `^(\\d{1,3}(?:${escape(group)}\\d{3})+|\\d+)(?:${escape(decimal)}(\\d+))?$`,
  ).exec(bare)
  if (!amount) {
    const example = formatTypedMoney(12345.5, locale)
    return refuse(`is not an amount: write it as ${example}`, { rule: 'typedAmount', example })
  }
  const whole = amount[1]!.split(group).join('')
  return checkMoney(Number(`${whole}.${amount[2] ?? '0'}`))
}

/** A stored value as the person would type it: `12.345,50` in pt-BR, `12,345.50` in en-US. */
export function formatTypedMoney(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 6,
  })
    .format(value)
    .replace(anySpace, ' ')
}
