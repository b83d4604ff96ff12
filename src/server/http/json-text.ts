import { ApiError } from './errors'
import { formatFieldPath } from './validation'

/**
 * How deep arrays and objects may nest in JSON the server reads (bodies, inbound payloads,
 * import mappings). Real payloads nest a handful of levels; code that walks values recursively
 * (JSON.stringify, the mapping engine) overflows the stack at some thousands. 64 is the default
 * of .NET's System.Text.Json.
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

/** The path of the first array or object nested deeper than `maxDepth`, or null. No recursion. */
export function tooDeepPath(value: unknown, maxDepth = maxJsonDepth): PropertyKey[] | null {
  const stack: Visit[] = [{ value, depth: 0 }]
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    if (typeof visit.value !== 'object' || visit.value === null) continue
    if (visit.depth >= maxDepth) return pathOf(visit)
    const entries = Array.isArray(visit.value)
      ? visit.value.map((item: unknown, index) => [index, item] as const)
      : Object.entries(visit.value)
    for (const [key, item] of entries) {
      stack.push({ value: item, depth: visit.depth + 1, key, parent: visit })
    }
  }
  return null
}

/**
 * Parses JSON text the client sent: unparseable text is a 400 `malformed_json`, and arrays or
 * objects nested deeper than `maxJsonDepth` a 400 `validation_error` naming where (`field`,
 * under `prefix` when the JSON is itself a field of a request, such as an import's mapping).
 */
export function parseJsonText(text: string, what = 'Request body', prefix?: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    const details = prefix ? { field: prefix } : undefined
    throw new ApiError(400, 'malformed_json', `${what} is not valid JSON`, details)
  }
  const deep = tooDeepPath(value)
  if (deep) {
    const field = formatFieldPath(prefix ? [prefix, ...deep] : deep)
    throw new ApiError(
      400,
      'validation_error',
      `${what} nests arrays and objects deeper than ${maxJsonDepth} levels`,
      { field, maxDepth: maxJsonDepth },
    )
  }
  return value
}
