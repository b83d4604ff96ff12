// A mapping as a whole: checked against the fields of its object type when saved, and applied to
// a payload to give the mapped record.

import type { CountryCode } from '../../shared/fields/phone'
import type { InboundObjectType } from '../db/database'
import { ApiError } from '../http/errors'
import { badSetting } from './errors'
import { compileField, evaluateValue, type CompiledValue, type MappingValue } from './mapping'
import { normaliseInto } from './normalise'
import {
  customFieldPrefix,
  emptyRecord,
  isListTarget,
  targetProblem,
  type MappedRecord,
} from './targets'

/** A mapping checked against its object type and compiled, in the configured order. */
export type CompiledMapping = readonly (readonly [target: string, value: CompiledValue])[]

/** Why `value` cannot be mapped to `target` by a webhook of `objectType`, or null. */
function valueProblem(objectType: InboundObjectType, target: string, value: MappingValue) {
  const problem = targetProblem(objectType, target)
  if (problem) return problem
  if (Array.isArray(value) && !isListTarget(target)) {
    return 'takes one value; only tags and custom fields take a list'
  }
  if (typeof value === 'boolean' && !target.startsWith(customFieldPrefix)) {
    return 'cannot be true or false'
  }
  return null
}

/** A constant must pass its field's rule: a mapping that can never give a valid value is refused. */
function checkConstant(field: string, target: string, value: CompiledValue, country: CountryCode) {
  if (value.kind !== 'constant') return
  try {
    normaliseInto(emptyRecord(), target, value.value, country)
  } catch (error) {
    if (error instanceof ApiError) {
      throw badSetting(field, `is a constant that can never be valid: ${error.message}`)
    }
    throw error
  }
}

/**
 * Checks and compiles a configured mapping: every key a field of the object type, every template
 * well formed, arrays only for lists, and constants valid for their field. Problems are a 400
 * `invalid_request` naming `mapping.<field>`.
 */
export function compileMapping(
  objectType: InboundObjectType,
  mapping: Readonly<Record<string, MappingValue>>,
  country: CountryCode,
): CompiledMapping {
  return Object.entries(mapping).map(([target, value]) => {
    const field = `mapping.${target}`
    const problem = valueProblem(objectType, target, value)
    if (problem) throw badSetting(field, problem)
    const compiled = compileField(field, value)
    checkConstant(field, target, compiled, country)
    return [target, compiled] as const
  })
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
    if (value !== undefined) normaliseInto(record, target, value, country)
  }
  return {
    person: dropUndefined(record.person),
    deal: dropUndefined(record.deal),
    work: record.work,
  }
}
