/** The user's locale, as the browser (or the desktop app's system) reports it. */
export const userLocale: string =
  typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'pt-BR'

export { defaultCurrency } from '../../../shared/fields/currency'
