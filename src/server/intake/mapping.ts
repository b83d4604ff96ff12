// The mapping language: how a target field gets its value from an incoming payload.
//
// A mapping value is a constant (`"website"`, `100`, `true`), a placeholder (`"{{email}}"`), a
// template mixing both (`"{{first_name}} {{last_name}}"`), or, for list fields, an array of those.
// Placeholders are paths into the payload (template-syntax.ts). A placeholder that finds nothing
// gives no value, never its own text.

import { parseJsonText } from '../http/json-text'
import { badSetting } from './errors'
import {
  MappingSyntaxError,
  parseTemplate,
  placeholdersOf,
  type PathStep,
  type Placeholder,
  type Template,
} from './template-syntax'

/** A mapping value as configured. */
export type MappingValue = string | number | boolean | string[]

/** A mapping value ready to evaluate against payloads. */
export type CompiledValue =
  | { kind: 'constant'; value: string | number | boolean }
  | { kind: 'template'; template: Template }
  | { kind: 'list'; items: Template[] }

/** Compiles a configured mapping value; throws MappingSyntaxError on a bad template. */
export function compileValue(value: MappingValue): CompiledValue {
  if (Array.isArray(value)) return { kind: 'list', items: value.map(parseTemplate) }
  if (typeof value !== 'string') return { kind: 'constant', value }
  const template = parseTemplate(value)
  if (placeholdersOf(template).length === 0) return { kind: 'constant', value: value.trim() }
  return { kind: 'template', template }
}

/** Compiles the mapping value of `field`; a bad template is the 400 naming the field. */
export function compileField(field: string, value: MappingValue): CompiledValue {
  try {
    return compileValue(value)
  } catch (error) {
    if (error instanceof MappingSyntaxError) {
      throw badSetting(field, `has a bad template: ${error.message}`)
    }
    throw error
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// Own properties only: a payload must never reach `constructor` or `__proto__` of an object.
function child(value: unknown, key: string): unknown {
  if (isRecord(value)) return Object.hasOwn(value, key) ? value[key] : undefined
  if (Array.isArray(value) && /^\d+$/.test(key)) return value[Number(key)]
  return undefined
}

function readsAs(value: unknown, expected: string): boolean {
  return (
    (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') &&
    String(value) === expected
  )
}

/**
 * A text field that holds a JSON object or array, as that value, so a path can go on into it:
 * Jotform posts its answers as the JSON text of a form field (`rawRequest`), and other senders
 * put JSON in a form field or a metadata string. Anything else stays as it is.
 */
function intoJsonText(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value
  try {
    return parseJsonText(value)
  } catch {
    return value
  }
}

/**
 * The key a path's step `at` reads in `record`, and the last step it took: the step's own key, or,
 * when the record has none such, the key that step and the next ones spell joined by dots. Some
 * senders put dots in their field names (Unbounce posts its answers in a form field named
 * `data.json`), and `{{data.json.email}}` reads as the user means it.
 */
function dottedKey(record: unknown, steps: readonly PathStep[], at: number) {
  const first = steps[at] as { kind: 'key'; key: string }
  if (!isRecord(record) || Object.hasOwn(record, first.key)) return { key: first.key, last: at }
  let key = first.key
  for (let next = at + 1; steps[next]?.kind === 'key'; next++) {
    key += `.${(steps[next] as { key: string }).key}`
    if (Object.hasOwn(record, key)) return { key, last: next }
  }
  return { key: first.key, last: at }
}

function follow(value: unknown, steps: readonly PathStep[]): unknown {
  let current = value
  for (let at = 0; at < steps.length; at++) {
    const step = steps[at]!
    if (current === undefined || current === null) return undefined
    current = intoJsonText(current)
    if (step.kind === 'key') {
      const { key, last } = dottedKey(current, steps, at)
      current = child(current, key)
      at = last
    } else if (step.kind === 'index') {
      if (Array.isArray(current)) {
        current = current[step.index < 0 ? current.length + step.index : step.index]
      } else {
        current = child(current, String(step.index))
      }
    } else {
      const keys = step.path.map((key): PathStep => ({ kind: 'key', key }))
      current = Array.isArray(current)
        ? current.find((item) => readsAs(follow(item, keys), step.value))
        : undefined
    }
  }
  return current
}

/**
 * The value a placeholder points at, or undefined. A placeholder that is exactly a top-level key
 * of the payload reads that key, dots and all: CSV columns such as `customFields.plan` or
 * `E-mail address` need no quoting.
 */
export function resolvePlaceholder(payload: unknown, placeholder: Placeholder): unknown {
  if (isRecord(payload) && Object.hasOwn(payload, placeholder.source)) {
    return payload[placeholder.source]
  }
  return follow(payload, placeholder.steps)
}

/** Whether a value counts as "no value": absent, null, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.every(isEmptyValue)
  return false
}

/** A value as text inside a template: lists joined with commas, objects as JSON. */
function asText(value: unknown): string | undefined {
  if (isEmptyValue(value)) return undefined
  if (typeof value === 'string') return value
  if (Array.isArray(value)) {
    return value
      .map(asText)
      .filter((item) => item !== undefined)
      .join(', ')
  }
  if (isRecord(value)) return JSON.stringify(value)
  return String(value)
}

/**
 * Renders a template against a payload. A template that is one placeholder gives the value as it
 * is in the payload (a number stays a number, a list a list); a template mixing text and
 * placeholders gives text, with missing placeholders left empty. When every placeholder is
 * missing, or the value is blank, the result is undefined: no value.
 */
export function renderTemplate(template: Template, payload: unknown): unknown {
  const [only] = template.parts
  if (template.parts.length === 1 && only !== undefined && typeof only !== 'string') {
    const value = resolvePlaceholder(payload, only)
    return isEmptyValue(value) ? undefined : value
  }
  let found = false
  let out = ''
  for (const part of template.parts) {
    if (typeof part === 'string') {
      out += part
      continue
    }
    const text = asText(resolvePlaceholder(payload, part))
    if (text !== undefined) {
      found = true
      out += text
    }
  }
  if (!found && placeholdersOf(template).length > 0) return undefined
  return out.trim() === '' ? undefined : out
}

/** Evaluates a compiled mapping value against a payload; undefined means no value. */
export function evaluateValue(compiled: CompiledValue, payload: unknown): unknown {
  if (compiled.kind === 'constant') {
    return isEmptyValue(compiled.value) ? undefined : compiled.value
  }
  if (compiled.kind === 'template') return renderTemplate(compiled.template, payload)
  const items = compiled.items
    .map((item) => renderTemplate(item, payload))
    .flat()
    .filter((item) => !isEmptyValue(item))
  return items.length === 0 ? undefined : items
}
