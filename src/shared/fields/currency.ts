import { accept, refuse, type FieldResult } from './result'

/** The currency of a deal that names none: the Brazilian real, as the API contract says. */
export const defaultCurrency = 'BRL'

/** A three-letter ISO 4217 code, in any case, stored upper-case. */
export function parseCurrency(raw: string): FieldResult<string> {
  const code = raw.trim()
  if (!/^[A-Za-z]{3}$/.test(code))
    return refuse('must be a three-letter ISO 4217 code', { rule: 'currencyCode' })
  return accept(code.toUpperCase())
}
