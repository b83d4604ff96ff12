// How a mapped value becomes a value of its field's type, through the shared field rules of
// src/shared/fields: the same rules the REST schemas and the renderer's forms apply.

import { z } from '@hono/zod-openapi'
import { parseCurrency } from '../../shared/fields/currency'
import { parseCalendarDate } from '../../shared/fields/date'
import {
  customFieldKeyFor,
  parseCustomFieldKey,
  parseCustomFieldValue,
} from '../../shared/fields/custom-field'
import { parseEmail } from '../../shared/fields/email'
import { parseMoney } from '../../shared/fields/money'
import { parsePhone, type CountryCode } from '../../shared/fields/phone'
import type { FieldResult } from '../../shared/fields/result'
import { parseTagList } from '../../shared/fields/tag'
import { parseLine } from '../../shared/fields/text'
import { lifecycleStages, type LifecycleStage } from '../../shared/lifecycle'
import { badValue } from './errors'
import {
  customFieldPrefix,
  customFieldsTarget,
  isDealTarget,
  isPersonTarget,
  isWorkTarget,
  type DealTarget,
  type MappedDeal,
  type MappedPerson,
  type MappedRecord,
  type PersonTarget,
} from './targets'

/** The value a shared field rule accepts, or the 422 naming `field` with the rule's words. */
export function fieldValue<T>(field: string, result: FieldResult<T>): T {
  if (!result.ok) throw badValue(field, result.message)
  return result.value
}

function scalarText(field: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  if (Array.isArray(value)) {
    const items = value.map((item) => scalarText(field, item)).filter((item) => item !== undefined)
    return items.length ? items.join(', ') : undefined
  }
  if (typeof value === 'object') throw badValue(field, 'must be text, not an object')
  const text = String(value).replace(/\s+/g, ' ').trim()
  return text === '' ? undefined : text
}

/** The text of `value` checked by a shared rule; an empty value is no value. */
function ruled<T>(parse: (text: string) => FieldResult<T>) {
  return (field: string, value: unknown): T | undefined => {
    const raw = scalarText(field, value)
    return raw === undefined ? undefined : fieldValue(field, parse(raw))
  }
}

const line = ruled(parseLine)
const currency = ruled(parseCurrency)
const date = ruled(parseCalendarDate)
const email = ruled(parseEmail)

function phone(field: string, value: unknown, country: CountryCode): string | undefined {
  return ruled((raw) => parsePhone(raw, country))(field, value)
}

function text(field: string, value: unknown, max: number): string | undefined {
  const out = scalarText(field, value)
  if (out !== undefined && out.length > max) {
    throw badValue(field, `is longer than ${max} characters`)
  }
  return out
}

const uuidSchema = z.uuid()

function uuid(field: string, value: unknown): string | undefined {
  const raw = text(field, value, 36)
  if (raw === undefined) return undefined
  if (!uuidSchema.safeParse(raw.toLowerCase()).success) throw badValue(field, 'must be a uuid')
  return raw.toLowerCase()
}

function lifecycleStage(field: string, value: unknown): LifecycleStage | undefined {
  const raw = text(field, value, 50)
  if (raw === undefined) return undefined
  const stage = raw.toLowerCase().replace(/[\s-]+/g, '_')
  const known = lifecycleStages.find((candidate) => candidate === stage)
  if (!known) throw badValue(field, `must be one of ${lifecycleStages.join(', ')}`)
  return known
}

// Commas separate tags in a list's items too: `["site", "{{utm.campaign}}"]` with a campaign of
// "spring,sale" gives three tags, as the text "site,spring,sale" would.
function tags(field: string, value: unknown): string[] {
  const items = Array.isArray(value) ? value.flat() : [value]
  const pieces = items
    .flatMap((item) => (scalarText(field, item) ?? '').split(','))
    .filter((piece) => piece.trim() !== '')
  return fieldValue(field, parseTagList(pieces))
}

function amount(field: string, value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined
  return fieldValue(
    field,
    parseMoney(Array.isArray(value) && value.length === 1 ? value[0] : value),
  )
}

function customValue(field: string, value: unknown): unknown {
  fieldValue(field, parseCustomFieldKey(field.slice(customFieldPrefix.length)))
  return fieldValue(field, parseCustomFieldValue(value))
}

type Rule<T> = (field: string, value: unknown, country: CountryCode) => T

const personRules: { [K in PersonTarget]: Rule<MappedPerson[K]> } = {
  fullName: line,
  primaryEmail: email,
  primaryPhone: phone,
  companyId: uuid,
  ownerId: uuid,
  lifecycleStage,
  leadSource: line,
  tags,
}

const dealRules: { [K in DealTarget]: Rule<MappedDeal[K]> } = {
  title: line,
  value: amount,
  currency,
  pipelineId: uuid,
  stageId: uuid,
  expectedCloseDate: date,
}

function setPersonField<K extends PersonTarget>(
  person: MappedPerson,
  target: K,
  value: unknown,
  country: CountryCode,
): void {
  person[target] = personRules[target](target, value, country)
}

function setDealField<K extends DealTarget>(
  deal: MappedDeal,
  target: K,
  value: unknown,
  country: CountryCode,
): void {
  deal[target] = dealRules[target](target, value, country)
}

// As many custom fields as the web app's PATCH changes at once.
const maxCustomFieldsAtOnce = 100

/**
 * Stores the mapped `value` of `target` into `record`, coerced to the field's type by its rule.
 * Throws the 422 `validation_error` naming the field when the rule refuses the value.
 */
export function normaliseInto(
  record: MappedRecord,
  target: string,
  value: unknown,
  country: CountryCode,
): void {
  if (target === customFieldsTarget) {
    // An object's keys as a CSV column's header becomes one (`Company size` -> `Company_size`).
    if (value === '' || value === null) return
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw badValue(target, 'must be an object of custom fields (key: value)')
    }
    if (Object.keys(value).length > maxCustomFieldsAtOnce) {
      throw badValue(target, `has more than ${maxCustomFieldsAtOnce} keys`)
    }
    for (const [key, field] of Object.entries(value)) {
      const name = `${customFieldPrefix}${customFieldKeyFor(key)}`
      record.person.customFields[name.slice(customFieldPrefix.length)] = customValue(name, field)
    }
  } else if (target.startsWith(customFieldPrefix)) {
    record.person.customFields[target.slice(customFieldPrefix.length)] = customValue(target, value)
  } else if (isPersonTarget(target)) {
    setPersonField(record.person, target, value, country)
  } else if (isDealTarget(target)) {
    setDealField(record.deal, target, value, country)
  } else if (isWorkTarget(target)) {
    const text = (typeof value === 'string' ? value : JSON.stringify(value)).trim()
    // A task's subject is one line; a note keeps its Markdown.
    const limited = target === 'task' ? text.replace(/\s+/g, ' ').slice(0, 200) : text
    if (limited) record.work[target] = limited.slice(0, 100_000)
  }
}
