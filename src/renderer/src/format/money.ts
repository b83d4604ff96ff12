import { userLocale } from './locale'

const formats = new Map<string, Intl.NumberFormat>()

function formatter(currency: string, compact: boolean): Intl.NumberFormat {
  const key = `${currency}:${compact}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(userLocale, {
      style: 'currency',
      currency,
      ...(compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
    })
    formats.set(key, format)
  }
  return format
}

/** `R$ 1.234,50` in pt-BR, `R$1,234.50` in en-US: the user's locale, the deal's currency. */
export function formatMoney(value: number, currency: string): string {
  return formatter(currency, false).format(value)
}

/** `R$ 1,2 mi`: for column totals, where width is short. */
export function formatMoneyCompact(value: number, currency: string): string {
  return formatter(currency, true).format(value)
}
