import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/max'
import { accept, refuse, type FieldResult } from './result'

export type { CountryCode }

/** The country of a number written without a country code, unless a webhook or import says. */
export const defaultPhoneCountry: CountryCode = 'BR'

export const maxPhoneChars = 50

/** Whether `code` is an ISO 3166 alpha-2 country the phone library knows. */
export function isPhoneCountry(code: string): code is CountryCode {
  return isSupportedCountry(code)
}

/**
 * A phone number, stored in E.164 (`+5511987654321`) so that the same number written two ways
 * (`(11) 98765-4321`, `+55 11 98765 4321`) is one number to search and deduplicate by. A number
 * without a country code is read as one of `country`. It must be a number that can exist (the
 * full metadata of libphonenumber: length and ranges of the country's plan).
 */
export function parsePhone(
  raw: string,
  country: CountryCode = defaultPhoneCountry,
): FieldResult<string> {
  const text = raw.trim()
  if (text === '') return refuse('must not be empty', { rule: 'empty' })
  if (text.length > maxPhoneChars)
    return refuse(`is longer than ${maxPhoneChars} characters`, {
      rule: 'tooLong',
      max: maxPhoneChars,
    })
  const phone = parsePhoneNumberFromString(text, country)
  if (!phone?.isValid())
    return refuse(`"${text}" is not a valid phone number`, { rule: 'invalidPhone', text })
  return accept(phone.number)
}

/** A stored number as people read it (`+55 11 98765 4321`); text that is not one, as it is. */
export function formatPhone(stored: string): string {
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored
}
