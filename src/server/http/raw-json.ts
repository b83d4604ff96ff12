import { randomBytes } from 'node:crypto'
import type { Context, TypedResponse } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { JSONValue } from 'hono/utils/types'

/**
 * The JSON text of a `T` made before the answer is (by the database, in the query that reads the
 * row: db/record-tags.ts answerJson): put into the answer as it is, never parsed and written
 * again. A page of people is made three times faster so (bench/ W2-W4): no row objects, no
 * JSON.parse of custom fields.
 */
export class RawJson<T> {
  /** Never set: it only says which type the text is the JSON of. */
  declare readonly of?: T
  constructor(readonly text: string) {}
}

/** What a route answers: the value, or its JSON text already made. */
export type Answer<T> = T | RawJson<T>

// Stands in for each RawJson while the rest is stringified: letters and digits only (so JSON
// leaves it as it is), with this process's random part, which no value sent to us can guess.
const marker = `rawjson${randomBytes(8).toString('hex')}x`
const markers = new RegExp(`"${marker}(\\d+)"`, 'g')

// The JSON text of a RawJson, or of a list made only of RawJson (a page's data), else undefined:
// such a list becomes one marker, not one per row, each replaced through the whole text.
function rawText(item: unknown): string | undefined {
  if (item instanceof RawJson) return item.text
  if (!Array.isArray(item) || item.length === 0) return undefined
  if (!item.every((element) => element instanceof RawJson)) return undefined
  return `[${item.map((element: RawJson<unknown>) => element.text).join(',')}]`
}

/** JSON.stringify, with each RawJson inside `value` replaced by its text. */
export function stringifyAnswer(value: unknown): string {
  // A GET by id answers one RawJson: its text is the whole answer.
  const whole = rawText(value)
  if (whole !== undefined) return whole
  const texts: string[] = []
  const json = JSON.stringify(value, (_key, item: unknown) => {
    const text = rawText(item)
    return text === undefined ? item : `${marker}${texts.push(text) - 1}`
  })
  return texts.length === 0
    ? json
    : json.replace(markers, (_match, index: string) => texts[Number(index)]!)
}

/** `c.json`, for values that may hold RawJson. */
export function sendAnswer<S extends ContentfulStatusCode>(c: Context, value: unknown, status: S) {
  const response = c.newResponse(stringifyAnswer(value), status, {
    'Content-Type': 'application/json',
  })
  // The body is JSON as c.json's would be: typed so, for the routes' declared answers.
  return response as Response & TypedResponse<JSONValue, S, 'json'>
}
