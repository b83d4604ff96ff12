// The lists' custom field filter (`customField=plan=pro`), the same for people and deals.
import { sql, type RawBuilder } from 'kysely'
import { z } from '@hono/zod-openapi'
import type { Engine } from '../db/connection'
import { lowerFor } from '../db/fold'
import { customFieldWords } from '../db/json-fields'

export interface CustomFieldFilter {
  key: string
  value: string
}

export const customFieldFilterParam = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}=/, 'must be key=value, like plan=pro')
  .transform((text): CustomFieldFilter => {
    const split = text.indexOf('=')
    return { key: text.slice(0, split), value: text.slice(split + 1) }
  })
  .optional()
  .openapi({
    param: { name: 'customField', in: 'query', required: false },
    type: 'string',
    example: 'plan=pro',
    description:
      'A custom field has this value: key=value, text compared without case, numbers and ' +
      'true/false as written',
  })

/**
 * The row's field `key` of its custom fields `column` has `value`: the JSON value as text, so
 * "12", "true" and "Pro" all compare as typed.
 */
export function customFieldIs(
  engine: Engine,
  column: string,
  { key, value }: CustomFieldFilter,
): RawBuilder<boolean> {
  const words = customFieldWords(engine, column, key)
  return sql<boolean>`${lowerFor(words, value)} = ${value.toLowerCase()}`
}
