/** The user's locale, as the browser (or the desktop app's system) reports it. */
export const userLocale: string =
  typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'pt-BR'

/** The spec's default deal currency. */
export const defaultCurrency = 'BRL'
