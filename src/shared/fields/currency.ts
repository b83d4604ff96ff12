import { accept, refuse, type FieldResult } from './result'

/** The currency of a deal that names none: the Brazilian real, as the API contract says. */
export const defaultCurrency = 'BRL'

// The ISO 4217 codes this runtime knows, from ICU through Intl: no hand-kept list to go stale.
const knownCurrencies = new Set(Intl.supportedValuesOf('currency'))

export const isKnownCurrency = (code: string): boolean => knownCurrencies.has(code)

/**
 * A three-letter ISO 4217 code, in any case, stored upper-case. A code of that shape that is no
 * currency (`ZZZ`) is refused here too, rather than later as a currency the workspace has not
 * enabled, which one cannot.
 */
export function parseCurrency(raw: string): FieldResult<string> {
  const code = raw.trim()
  if (!/^[A-Za-z]{3}$/.test(code) || !isKnownCurrency(code.toUpperCase()))
    return refuse('must be a three-letter ISO 4217 code', { rule: 'currencyCode' })
  return accept(code.toUpperCase())
}
