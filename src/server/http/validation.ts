import { OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppEnv } from '../app-env'
import { ApiError } from './errors'
import { issueMessage } from './issue-messages'

// Fields a client may read but never write. Sending one is a 400 that says so, rather than the
// generic "unknown field", because the client most likely echoed back an object it had read.
const readOnlyFields = new Set(['id', 'tenantId', 'createdAt', 'updatedAt', 'customFields'])
// Fields a client reads on a deal and cannot write where they sent them, with the reason.
const fixedFields: Record<string, string> = {
  closedAt: "is read-only: a deal's closedAt is set when it enters a won or lost stage",
  pipelineId: "cannot be written here: a deal's pipeline is chosen when it is created",
}

z.config({ customError: issueMessage })

/** `['tags', 2]` -> `tags[2]`; `['data', 'email']` -> `data.email`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`
    return out ? `${out}.${String(key)}` : String(key)
  }, '')
}

interface FieldIssue {
  field: string
  message: string
}

function describeIssue(
  issue: z.core.$ZodIssue,
  target: string,
  repeated: ReadonlySet<string>,
): FieldIssue {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? ''
    const field = formatFieldPath([...issue.path, key])
    if (target === 'query') {
      return { field, message: `Unknown query parameter ${field}` }
    }
    if (issue.path.length === 0 && readOnlyFields.has(key)) {
      return { field, message: `${field} is read-only and cannot be written through the API` }
    }
    if (issue.path.length === 0 && Object.hasOwn(fixedFields, key)) {
      return { field, message: `${field} ${fixedFields[key]}` }
    }
    return { field, message: `Unknown field ${field}` }
  }
  const field = formatFieldPath(issue.path)
  if (repeated.has(field)) return { field, message: `${field} must be given once` }
  return { field, message: field ? `${field} ${issue.message}` : issue.message }
}

/**
 * Turns a failed request validation into the 400 `invalid_request` naming the first bad field.
 * `repeated`: the query parameters the request gave more than once (`?sort=a&sort=b`), whatever
 * their schema made of the list they became.
 */
export function validationFailure(
  error: z.ZodError,
  target: string,
  repeated: ReadonlySet<string> = new Set(),
): ApiError {
  const issues = error.issues.map((issue) => describeIssue(issue, target, repeated))
  const first = issues[0] ?? { field: '', message: 'Invalid request' }
  const message =
    first.field === '' && target === 'json' ? 'Request body must be a JSON object' : first.message
  const details = {
    ...(first.field ? { field: first.field } : {}),
    ...(issues.length > 1 ? { issues } : {}),
  }
  return new ApiError('invalid_request', message, Object.keys(details).length ? details : undefined)
}

function repeatedParams(c: Context): Set<string> {
  const names = Object.entries(c.req.queries()).filter(([, values]) => values.length > 1)
  return new Set(names.map(([name]) => name))
}

/** An OpenAPIHono whose request validation failures become our error envelope. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const repeated = result.target === 'query' ? repeatedParams(c) : undefined
        throw validationFailure(result.error, result.target, repeated)
      }
    },
  })
}

/**
 * The validated body or query of a route built from a schema that is a type parameter (the shared
 * route builders): Hono cannot see which targets were validated, but the route's validator ran
 * before the handler, so the value is the schema's output all the same.
 */
export function validated<T>(c: Context, target: 'json' | 'query'): T {
  return c.req.valid(target as never) as T
}
