// Reading and parsing inbound webhook bodies: JSON objects, and the form bodies many form tools
// send (`application/x-www-form-urlencoded`, `multipart/form-data`), whose bracketed keys
// (`contact[email]`, `tags[]`) become nested objects and lists.

import qs from 'qs'
import { ApiError } from '../http/errors'
import { decodeCsvBytes } from '../../shared/csv-text'
import { parseJsonText } from '../http/json-text'
import { readBody as readHttpBody, type ReceivedBody } from '../http/read-body'

export type { ReceivedBody }

/** The largest body an inbound webhook reads; the request log keeps bodies up to this size. */
export const maxInboundBodyBytes = 1024 * 1024

/** Reads an inbound delivery's body, never holding more than `max` bytes of it. */
export const readBody = (request: Request, max = maxInboundBodyBytes): Promise<ReceivedBody> =>
  readHttpBody(request, max)

export const tooLarge = (max = maxInboundBodyBytes) =>
  new ApiError('payload_too_large', `Request body is larger than ${max} bytes`, {
    limitBytes: max,
  })

const notAnObject = () => new ApiError('invalid_request', 'Request body must be a JSON object')

/**
 * A body's text, read as a CSV file is: UTF-8 (a byte-order mark, which Windows tools and some form
 * builders write, dropped), else Windows-1252, which older sites and PHP senders post in whatever
 * their Content-Type says. Read as UTF-8 regardless, "José" would be stored as "Jos\uFFFD".
 */
const textOf = (bytes: Uint8Array) => decodeCsvBytes(bytes).text

function parseJson(bytes: Buffer): Record<string, unknown> {
  const value = parseJsonText(textOf(bytes))
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw notAnObject()
  return value as Record<string, unknown>
}

/**
 * The body as the JSON object it holds, read as a delivery's JSON is, or undefined when it holds
 * none: for what is looked up before a delivery is taken in (a provider's challenge, Google Ads'
 * key).
 */
export function jsonObjectOf(bytes: Buffer): Record<string, unknown> | undefined {
  try {
    return parseJson(bytes)
  } catch {
    return undefined
  }
}

/**
 * A form's key or value: `+` a space, each `%XX` a byte, and the bytes read as the body is (a page
 * served in ISO-8859-1 posts "José" as `Jos%E9`, which a UTF-8 decoder would leave as it was).
 */
function formText(encoded: string): string {
  const pieces = encoded.replace(/\+/g, ' ').split(/((?:%[0-9A-Fa-f]{2})+)/)
  const bytes = pieces.map((piece, index) =>
    index % 2 === 1 ? Buffer.from(piece.replace(/%/g, ''), 'hex') : Buffer.from(piece, 'utf8'),
  )
  return textOf(Buffer.concat(bytes))
}

// Deep enough for any real form; qs drops `__proto__` and friends unless told otherwise.
const formOptions: qs.IParseOptions = {
  depth: 10,
  arrayLimit: 200,
  parameterLimit: 2000,
  decoder: formText,
}

function parseForm(text: string): Record<string, unknown> {
  return qs.parse(text, formOptions)
}

async function parseMultipart(
  bytes: Buffer,
  contentType: string,
): Promise<Record<string, unknown>> {
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw new ApiError('malformed_form', 'Request body is not valid multipart/form-data')
  }
  // Text fields only: files have no field to map to. They go through the same bracket parser.
  const fields = new URLSearchParams()
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields.append(key, value)
  }
  return parseForm(fields.toString())
}

const formType = 'application/x-www-form-urlencoded'

/** Whether `bytes` are a JSON object or array, as a form body never is (a browser encodes `{`). */
function isJsonText(bytes: Buffer): boolean {
  const text = textOf(bytes).trimStart()
  if (!text.startsWith('{') && !text.startsWith('[')) return false
  try {
    parseJsonText(text)
    return true
  } catch {
    return false
  }
}

/**
 * Whether a body is read as JSON: JSON types, text/plain, and none at all; and JSON sent as a
 * form, which `curl -d '{...}'` and PowerShell's Invoke-RestMethod do unless told the type (read
 * as a form, it would be one field named by the whole text).
 */
const readsAsJson = (contentType: string | null, bytes: Buffer) => {
  const type = mediaType(contentType)
  if (type === '' || type === 'text/plain' || /^application\/(?:[\w.-]+\+)?json$/.test(type)) {
    return true
  }
  return type === formType && isJsonText(bytes)
}

/** The most records one delivery may carry as a JSON array. */
export const maxRecordsPerDelivery = 100

/**
 * A body that is a JSON array: its elements, each taken in as a delivery of its own; null for
 * any other body (which is read as one record, or refused as it always was).
 */
export function recordsOfArray(bytes: Buffer | null, contentType: string | null): unknown[] | null {
  if (!bytes || !readsAsJson(contentType, bytes)) return null
  const text = textOf(bytes).trimStart()
  if (!text.startsWith('[')) return null
  let value: unknown
  try {
    value = parseJsonText(text)
  } catch {
    return null
  }
  if (!Array.isArray(value)) return null
  if (value.length === 0 || value.length > maxRecordsPerDelivery) {
    throw new ApiError(
      'invalid_request',
      `A JSON array delivery holds 1 to ${maxRecordsPerDelivery} records; send more in several`,
      { field: 'body', count: value.length },
    )
  }
  return value
}

/** `application/json; charset=utf-8` -> `application/json`. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * The payload of a body: a JSON object, or the fields of a form. JSON is also read from
 * `text/plain`, from bodies sent without a Content-Type, which some senders do, and from JSON
 * labelled as a form (see readsAsJson). A body that cannot be parsed is a 400; another media
 * type is a 415.
 */
export async function parsePayload(
  bytes: Buffer,
  contentType: string | null,
): Promise<Record<string, unknown>> {
  const type = mediaType(contentType)
  if (readsAsJson(contentType, bytes)) {
    if (bytes.length === 0) throw new ApiError('malformed_json', 'Request body is empty')
    return parseJson(bytes)
  }
  if (type === formType) return parseForm(textOf(bytes))
  if (type === 'multipart/form-data') return parseMultipart(bytes, contentType ?? '')
  throw new ApiError(
    'unsupported_media_type',
    'Send application/json, application/x-www-form-urlencoded or multipart/form-data',
    { contentType },
  )
}
