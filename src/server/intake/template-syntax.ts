// The syntax of templates: literal text and `{{path}}` placeholders, parsed once when a mapping
// is saved. A placeholder is a path into the payload: `form.answers[0].email`,
// `data.attributes["e-mail"]`, `answers[-1]` (the last item), and `fields[name=email].value` (the
// first item of a list whose `name` is `email`).

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
