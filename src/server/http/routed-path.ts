import { getPath } from 'hono/utils/url'

const uuidSegment = /(?<=\/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi
const apiPath = /^\/+(?:api|webhooks)(?:\/|$)/

/**
 * The request's path as routes see it. Of the APIs' and webhooks' paths, slashes doubled by a base
 * URL ending in one (`/api/v1//people`) count once and a trailing one is dropped
 * (`/api/v1/people/`), as clients that join URLs by hand send them. Each UUID segment is
 * lower-cased: Outpost writes its ids lower-case, RFC 9562 has UUIDs case-insensitive on input,
 * and some systems (.NET, SQL Server, Excel) print them upper-case. Body and query ids are read
 * the same way (schema-types.ts `uuid`).
 */
export function routedPath(request: Request): string {
  let path = getPath(request)
  // Checked before any regular expression runs: the rare path to mend costs, not every request.
  const untidy = path.includes('//') || (path.length > 1 && path.endsWith('/'))
  if (untidy && apiPath.test(path)) path = path.replace(/\/{2,}/g, '/').replace(/(?<=.)\/$/, '')
  return /[A-F]/.test(path) ? path.replace(uuidSegment, (id) => id.toLowerCase()) : path
}
