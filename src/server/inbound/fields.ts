// The fields a mapping can fill, and how a mapped value becomes a value of the field's type.

import { z } from '@hono/zod-openapi'
import { parseCurrency } from '../../shared/fields/currency'
import { parseCalendarDate } from '../../shared/fields/date'
import {
  customFieldKeyPattern,
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
import type { InboundObjectType } from '../db/database'
import { ApiError } from '../http/errors'
import {
  compileValue,
  evaluateValue,
  MappingSyntaxError,
  type CompiledValue,
  type MappingValue,
} from './mapping'

export const personTargets = [
  'fullName',
  'primaryEmail',
  'primaryPhone',
  'companyId',
  'ownerId',
  'lifecycleStage',
  'leadSource',
  'tags',
] as const

export const dealTargets = [
  'title',
  'value',
  'currency',
  'pipelineId',
  'stageId',
  'expectedCloseDate',
] as const

export const customFieldPrefix = 'customFields.'

export interface MappedPerson {
  fullName?: string
  primaryEmail?: string
  primaryPhone?: string
  companyId?: string
  ownerId?: string
  lifecycleStage?: LifecycleStage
  leadSource?: string
  tags: string[]
  customFields: Record<string, unknown>
}

export interface MappedDeal {
  title?: string
  value?: number
  currency?: string
  pipelineId?: string
  stageId?: string
  expectedCloseDate?: string
}

/** What a payload gives once mapped and coerced: the person's fields and the deal's. */
export interface MappedRecord {
  person: MappedPerson
  deal: MappedDeal
}

/** A mapping checked against its object type and compiled, in the configured order. */
export type CompiledMapping = readonly (readonly [target: string, value: CompiledValue])[]

const invalid = (field: string, message: string) =>
  new ApiError(422, 'validation_error', `${field} ${message}`, { field })

/** The value a shared field rule accepts, or the 422 naming `field` with the rule's words. */
export function fieldValue<T>(field: string, result: FieldResult<T>): T {
  if (!result.ok) throw invalid(field, result.message)
  return result.value
}

/** Why `target` cannot be mapped by a webhook of `objectType`, or null when it can. */
export function targetProblem(objectType: InboundObjectType, target: string): string | null {
  if (target.startsWith(customFieldPrefix)) {
    return customFieldKeyPattern.test(target.slice(customFieldPrefix.length))
      ? null
      : 'custom field keys are 1 to 64 letters, digits, _ or -'
  }
  if ((personTargets as readonly string[]).includes(target)) return null
  if ((dealTargets as readonly string[]).includes(target)) {
    return objectType === 'deal' ? null : 'is a deal field; this webhook creates people'
  }
  return 'is not a field Outpost can map'
}

function scalarText(field: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  if (Array.isArray(value)) {
    const items = value.map((item) => scalarText(field, item)).filter((item) => item !== undefined)
    return items.length ? items.join(', ') : undefined
  }
  if (typeof value === 'object') throw invalid(field, 'must be text, not an object')
  const text = String(value).replace(/\s+/g, ' ').trim()
  return text === '' ? undefined : text
}

/** A line of text by the shared rule; an empty value is no value. */
function line(field: string, value: unknown): string | undefined {
  const raw = scalarText(field, value)
  return raw === undefined ? undefined : fieldValue(field, parseLine(raw))
}

function text(field: string, value: unknown, max: number): string | undefined {
  const out = scalarText(field, value)
  if (out !== undefined && out.length > max)
    throw invalid(field, `is longer than ${max} characters`)
  return out
}

function email(value: unknown): string | undefined {
  const raw = scalarText('primaryEmail', value)
  return raw === undefined ? undefined : fieldValue('primaryEmail', parseEmail(raw))
}

function phone(value: unknown, country: CountryCode): string | undefined {
  const raw = scalarText('primaryPhone', value)
  return raw === undefined ? undefined : fieldValue('primaryPhone', parsePhone(raw, country))
}

const uuidSchema = z.uuid()

function uuid(field: string, value: unknown): string | undefined {
  const raw = text(field, value, 36)
  if (raw === undefined) return undefined
  if (!uuidSchema.safeParse(raw.toLowerCase()).success) throw invalid(field, 'must be a uuid')
  return raw.toLowerCase()
}

function lifecycleStage(value: unknown): LifecycleStage | undefined {
  const raw = text('lifecycleStage', value, 50)
  if (raw === undefined) return undefined
  const stage = raw.toLowerCase().replace(/[\s-]+/g, '_')
  const known = lifecycleStages.find((candidate) => candidate === stage)
  if (!known) throw invalid('lifecycleStage', `must be one of ${lifecycleStages.join(', ')}`)
  return known
}

function tags(value: unknown): string[] {
  const items = Array.isArray(value) ? value.flat() : String(value ?? '').split(',')
  const pieces = items.map((item) => scalarText('tags', item) ?? '').filter((item) => item !== '')
  return fieldValue('tags', parseTagList(pieces))
}

function amount(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined
  return fieldValue(
    'value',
    parseMoney(Array.isArray(value) && value.length === 1 ? value[0] : value),
  )
}

function currency(value: unknown): string | undefined {
  const raw = scalarText('currency', value)
  return raw === undefined ? undefined : fieldValue('currency', parseCurrency(raw))
}

function date(value: unknown): string | undefined {
  const raw = scalarText('expectedCloseDate', value)
  return raw === undefined ? undefined : fieldValue('expectedCloseDate', parseCalendarDate(raw))
}

function customValue(field: string, value: unknown): unknown {
  fieldValue(field, parseCustomFieldKey(field.slice(customFieldPrefix.length)))
  return fieldValue(field, parseCustomFieldValue(value))
}

/** An empty mapped record: no fields, no tags, no custom fields. */
export function emptyRecord(): MappedRecord {
  return { person: { tags: [], customFields: {} }, deal: {} }
}

/** Stores the mapped `value` of `target` into `record`, coerced to the field's type. */
function assign(record: MappedRecord, target: string, value: unknown, country: CountryCode): void {
  const { person, deal } = record
  if (target.startsWith(customFieldPrefix)) {
    person.customFields[target.slice(customFieldPrefix.length)] = customValue(target, value)
    return
  }
  switch (target) {
    case 'fullName':
      person.fullName = line(target, value)
      break
    case 'primaryEmail':
      person.primaryEmail = email(value)
      break
    case 'primaryPhone':
      person.primaryPhone = phone(value, country)
      break
    case 'companyId':
    case 'ownerId':
      person[target] = uuid(target, value)
      break
    case 'lifecycleStage':
      person.lifecycleStage = lifecycleStage(value)
      break
    case 'leadSource':
      person.leadSource = line(target, value)
      break
    case 'tags':
      person.tags = tags(value)
      break
    case 'title':
      deal.title = line(target, value)
      break
    case 'value':
      deal.value = amount(value)
      break
    case 'currency':
      deal.currency = currency(value)
      break
    case 'pipelineId':
    case 'stageId':
      deal[target] = uuid(target, value)
      break
    case 'expectedCloseDate':
      deal.expectedCloseDate = date(value)
      break
  }
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T
}

/**
 * Maps a payload: evaluates each target's value and coerces it. Throws a 422 `validation_error`
 * naming the field when a value cannot be coerced (an e-mail that is not one, say).
 */
export function mapPayload(
  mapping: CompiledMapping,
  payload: unknown,
  country: CountryCode,
): MappedRecord {
  const record = emptyRecord()
  for (const [target, compiled] of mapping) {
    const value = evaluateValue(compiled, payload)
    if (value !== undefined) assign(record, target, value, country)
  }
  return { person: dropUndefined(record.person), deal: dropUndefined(record.deal) }
}

const listTargets = (target: string) => target === 'tags' || target.startsWith(customFieldPrefix)

/**
 * Checks and compiles a configured mapping: every key a field of the object type, every template
 * well formed, arrays only for lists, and constants valid for their field. Problems are a 400
 * `validation_error` naming `mapping.<field>`.
 */
export function compileMapping(
  objectType: InboundObjectType,
  mapping: Readonly<Record<string, MappingValue>>,
  country: CountryCode,
): CompiledMapping {
  const compiled: (readonly [string, CompiledValue])[] = []
  for (const [target, value] of Object.entries(mapping)) {
    const field = `mapping.${target}`
    const fail = (message: string) =>
      new ApiError(400, 'validation_error', `${field} ${message}`, { field })
    const problem = targetProblem(objectType, target)
    if (problem) throw fail(problem)
    if (Array.isArray(value) && !listTargets(target)) {
      throw fail('takes one value; only tags and custom fields take a list')
    }
    if (typeof value === 'boolean' && !target.startsWith(customFieldPrefix)) {
      throw fail('cannot be true or false')
    }
    let item: CompiledValue
    try {
      item = compileValue(value)
    } catch (error) {
      if (error instanceof MappingSyntaxError) throw fail(`has a bad template: ${error.message}`)
      throw error
    }
    if (item.kind === 'constant') {
      try {
        assign(emptyRecord(), target, item.value, country)
      } catch (error) {
        if (error instanceof ApiError)
          throw fail(`is a constant that can never be valid: ${error.message}`)
        throw error
      }
    }
    compiled.push([target, item] as const)
  }
  return compiled
}
