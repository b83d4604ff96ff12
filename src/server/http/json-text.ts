import { ApiError } from './errors'
import { formatFieldPath } from './validation'

/**
 * How deep arrays and objects may nest in JSON the server reads (API bodies, inbound payloads).
 * Real payloads nest a handful of levels; code that walks values recursively (JSON.stringify,
 * the mapping engine) overflows the stack at some thousands. 64 is the default of .NET's
 * System.Text.Json.
 */
export const maxJsonDepth = 64

interface Visit {
  value: unknown
  depth: number
  key?: PropertyKey
  parent?: Visit
}

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = []
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) path.unshift(at.key!)
  return path
}

type Problem = 'too deep' | 'lone surrogate'

// In a `u` regular expression a surrogate pair is one code point, so only lone halves match.
const loneSurrogate = /\p{Cs}/u

/**
 * The first place in a parsed value that the server refuses, walked without recursion: an array
 * or object nested deeper than `maxJsonDepth`, or text (a key or a string) with a lone surrogate
 * (`"\ud800"` is valid JSON but not Unicode text: SQLite would store something else).
 */
function findProblem(value: unknown): { problem: Problem; path: PropertyKey[] } | null {
  const stack: Visit[] = [{ value, depth: 0 }]
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value: at } = visit
    if (typeof at === 'string' && loneSurrogate.test(at)) {
      return { problem: 'lone surrogate', path: pathOf(visit) }
    }
    if (typeof at !== 'object' || at === null) continue
    if (visit.depth >= maxJsonDepth) return { problem: 'too deep', path: pathOf(visit) }
    const entries = Array.isArray(at)
      ? at.map((item: unknown, index) => [index, item] as const)
      : Object.entries(at)
    for (const [key, item] of entries) {
      const child: Visit = { value: item, depth: visit.depth + 1, key, parent: visit }
      if (typeof key === 'string' && loneSurrogate.test(key)) {
        return { problem: 'lone surrogate', path: pathOf(child) }
      }
      stack.push(child)
    }
  }
  return null
}

/**
 * Parses JSON text the client sent: unparseable text is a 400 `malformed_json`; arrays or objects
 * nested deeper than `maxJsonDepth`, and lone surrogates, a 400 `invalid_request` naming where
 * (`field`, under `prefix` when the JSON is itself a field of a request, such as a mapping).
 */
export function parseJsonText(text: string, what = 'Request body', prefix?: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    const details = prefix ? { field: prefix } : undefined
    throw new ApiError('malformed_json', `${what} is not valid JSON`, details)
  }
  const found = findProblem(value)
  if (found) {
    const field = formatFieldPath(prefix ? [prefix, ...found.path] : found.path)
    const message =
      found.problem === 'too deep'
        ? `${what} nests arrays and objects deeper than ${maxJsonDepth} levels`
        : `${field || what} is not valid Unicode text (it holds a lone surrogate)`
    const details = found.problem === 'too deep' ? { field, maxDepth: maxJsonDepth } : { field }
    throw new ApiError('invalid_request', message, details)
  }
  return value
}
