import { accept, refuse, type FieldResult } from './result'

export const customFieldKeyPattern = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$/
export const maxCustomFieldChars = 10_000

/** A custom field's name: 1 to 64 letters, digits, `_` or `-`, not starting with `-`. */
export function parseCustomFieldKey(raw: string): FieldResult<string> {
  return customFieldKeyPattern.test(raw)
    ? accept(raw)
    : refuse('must be 1 to 64 letters, digits, _ or -, not starting with -', {
        rule: 'customFieldKey',
      })
}

/**
 * A custom field's value: any JSON value of at most 10,000 characters once written as JSON; text
 * is trimmed. (CSV has no types: a number written to a CSV cell comes back as text.)
 */
export function parseCustomFieldValue(raw: unknown): FieldResult<unknown> {
  const value = typeof raw === 'string' ? raw.trim() : raw
  const json = JSON.stringify(value)
  if (json === undefined) return refuse('must be a JSON value', { rule: 'jsonValue' })
  if (json.length > maxCustomFieldChars) {
    return refuse(`is longer than ${maxCustomFieldChars} characters of JSON`, {
      rule: 'jsonTooLong',
      max: maxCustomFieldChars,
    })
  }
  return accept(value)
}

/**
 * A CSV or mapping column name turned into a custom field name: `Company size` -> `Company_size`,
 * accented letters without their accents (`Região` -> `Regiao`, not `Regi_o`).
 */
export function customFieldKeyFor(column: string): string {
  return (
    column
      .trim()
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^-+/, '')
      .slice(0, 64) || 'column'
  )
}
