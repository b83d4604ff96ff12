import { accept, refuse, type FieldResult } from './result'

export const maxEmailChars = 254

// The pattern zod's z.email() uses: a practical subset of RFC 5322 that mail providers accept.
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/** An e-mail address, trimmed and lower-cased, so that `Ana@X.com` and `ana@x.com` are one. */
export function parseEmail(raw: string): FieldResult<string> {
  const email = raw.trim().toLowerCase()
  if (email === '') return refuse('must not be empty', { rule: 'empty' })
  if (email.length > maxEmailChars)
    return refuse(`is longer than ${maxEmailChars} characters`, {
      rule: 'tooLong',
      max: maxEmailChars,
    })
  if (!emailPattern.test(email))
    return refuse(`"${raw.trim()}" is not an e-mail address`, {
      rule: 'invalidEmail',
      text: raw.trim(),
    })
  return accept(email)
}
