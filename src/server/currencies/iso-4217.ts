// The ISO 4217 codes this runtime knows, from ICU through Intl: no hand-kept list to go stale.
const knownCurrencies = new Set(Intl.supportedValuesOf('currency'))

export function isKnownCurrency(code: string): boolean {
  return knownCurrencies.has(code)
}
