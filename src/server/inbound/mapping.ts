// The mapping language: how a target field gets its value from an incoming payload.
//
// A mapping value is a constant (`"website"`, `100`, `true`), a placeholder (`"{{email}}"`), a
// template mixing both (`"{{first_name}} {{last_name}}"`), or, for list fields, an array of those.
// A placeholder is a path into the payload: `form.answers[0].email`, `data.attributes["e-mail"]`,
// `answers[-1]` (the last item), and `fields[name=email].value` (the first item of a list whose
// `name` is `email`). A placeholder that finds nothing gives no value, never its own text.

/** One step of a placeholder path. */
export type PathStep =
  | { kind: 'key'; key: string }
  | { kind: 'index'; index: number }
  /** The first item of a list whose value at `path` reads as `value`. */
  | { kind: 'match'; path: string[]; value: string }

export interface Placeholder {
  /** The text between the braces, trimmed: `form.answers[0].email`. */
  source: string
  steps: PathStep[]
}

export type TemplatePart = string | Placeholder

export interface Template {
  parts: TemplatePart[]
}

/** A mapping value as configured. */
export type MappingValue = string | number | boolean | string[]

/** A mapping value ready to evaluate against payloads. */
export type CompiledValue =
  | { kind: 'constant'; value: string | number | boolean }
  | { kind: 'template'; template: Template }
  | { kind: 'list'; items: Template[] }

/** A template or path that cannot be parsed; `message` says where. */
export class MappingSyntaxError extends Error {
  override name = 'MappingSyntaxError'
}

const quotes = new Set(['"', "'"])

/** Reads a quoted string starting at `start` (on the quote); returns its text and the index after it. */
function readQuoted(text: string, start: number): [string, number] {
  const quote = text[start]!
  let out = ''
  for (let i = start + 1; i < text.length; i += 1) {
    const char = text[i]!
    if (char === '\\' && i + 1 < text.length) {
      out += text[i + 1]
      i += 1
    } else if (char === quote) {
      return [out, i + 1]
    } else {
      out += char
    }
  }
  throw new MappingSyntaxError(`unclosed ${quote} in "${text}"`)
}

function bareKey(raw: string, text: string): string {
  const key = raw.trim()
  if (key === '') throw new MappingSyntaxError(`empty key in "${text}"`)
  // A brace here is a placeholder closed with one brace: `{{first} {{last}}`.
  if (/[{}]/.test(key)) throw new MappingSyntaxError(`unexpected brace in "{{${text}}}"`)
  return key
}

/** `name`, `"e-mail"` or `'e-mail'`: the right side of a `[key=value]` selector. */
function selectorValue(raw: string, text: string): string {
  const value = raw.trim()
  if (quotes.has(value[0] ?? '')) {
    const [unquoted, end] = readQuoted(value, 0)
    if (end !== value.length)
      throw new MappingSyntaxError(`unexpected text after quote in "${text}"`)
    return unquoted
  }
  return value
}

/** The inside of `[...]`: an index, a quoted key, a `key.path=value` selector or a bare key. */
function bracketStep(inside: string, text: string): PathStep {
  const trimmed = inside.trim()
  if (/^-?\d+$/.test(trimmed)) return { kind: 'index', index: Number(trimmed) }
  if (quotes.has(trimmed[0] ?? '')) {
    const [key, end] = readQuoted(trimmed, 0)
    if (end !== trimmed.length)
      throw new MappingSyntaxError(`unexpected text after quote in "${text}"`)
    return { kind: 'key', key }
  }
  const equals = trimmed.indexOf('=')
  if (equals > 0) {
    const path = trimmed
      .slice(0, equals)
      .split('.')
      .map((key) => bareKey(key, text))
    return { kind: 'match', path, value: selectorValue(trimmed.slice(equals + 1), text) }
  }
  return { kind: 'key', key: bareKey(trimmed, text) }
}

/** Index of the `]` closing the bracket opened just before `start`, skipping quoted text. */
function closingBracket(text: string, start: number): number {
  for (let i = start; i < text.length; i += 1) {
    const char = text[i]!
    if (quotes.has(char)) i = readQuoted(text, i)[1] - 1
    else if (char === ']') return i
  }
  throw new MappingSyntaxError(`unclosed [ in "${text}"`)
}

/** Parses a placeholder path such as `form.answers[0].email` or `fields[name=email].value`. */
export function parsePath(text: string): PathStep[] {
  const steps: PathStep[] = []
  let i = 0
  let expectKey = true
  while (i < text.length) {
    const char = text[i]!
    if (char === '[') {
      const end = closingBracket(text, i + 1)
      steps.push(bracketStep(text.slice(i + 1, end), text))
      i = end + 1
      expectKey = false
    } else if (char === '.') {
      if (expectKey) throw new MappingSyntaxError(`empty key in "${text}"`)
      i += 1
      expectKey = true
      if (i >= text.length) throw new MappingSyntaxError(`empty key in "${text}"`)
    } else if (char === ']') {
      throw new MappingSyntaxError(`unexpected ] in "${text}"`)
    } else {
      if (!expectKey) throw new MappingSyntaxError(`expected . or [ in "${text}"`)
      let end = i
      while (end < text.length && !'.[]'.includes(text[end]!)) end += 1
      steps.push({ kind: 'key', key: bareKey(text.slice(i, end), text) })
      i = end
      expectKey = false
    }
  }
  if (steps.length === 0) throw new MappingSyntaxError('empty placeholder {{}}')
  return steps
}

/** Index of the `}}` closing a placeholder whose text starts at `start`, skipping quoted text. */
function closingBraces(text: string, start: number): number {
  for (let i = start; i < text.length; i += 1) {
    const char = text[i]!
    if (quotes.has(char)) i = readQuoted(text, i)[1] - 1
    else if (char === '}' && text[i + 1] === '}') return i
  }
  throw new MappingSyntaxError(`unclosed {{ in "${text}"`)
}

/** Parses a template: literal text and `{{path}}` placeholders. Leading and trailing space is dropped. */
export function parseTemplate(text: string): Template {
  const source = text.trim()
  const parts: TemplatePart[] = []
  let i = 0
  while (i < source.length) {
    const open = source.indexOf('{{', i)
    if (open < 0) {
      parts.push(source.slice(i))
      break
    }
    if (open > i) parts.push(source.slice(i, open))
    const close = closingBraces(source, open + 2)
    const inside = source.slice(open + 2, close).trim()
    parts.push({ source: inside, steps: parsePath(inside) })
    i = close + 2
  }
  return { parts }
}

/** The placeholders of a template. */
export function placeholdersOf(template: Template): Placeholder[] {
  return template.parts.filter((part): part is Placeholder => typeof part !== 'string')
}

/** Compiles a configured mapping value; throws MappingSyntaxError on a bad template. */
export function compileValue(value: MappingValue): CompiledValue {
  if (Array.isArray(value)) return { kind: 'list', items: value.map(parseTemplate) }
  if (typeof value !== 'string') return { kind: 'constant', value }
  const template = parseTemplate(value)
  if (placeholdersOf(template).length === 0) return { kind: 'constant', value: value.trim() }
  return { kind: 'template', template }
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

function follow(value: unknown, steps: readonly PathStep[]): unknown {
  let current = value
  for (const step of steps) {
    if (current === undefined || current === null) return undefined
    if (step.kind === 'key') {
      current = child(current, step.key)
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
