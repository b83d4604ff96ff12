import { getPath } from 'hono/utils/url'

const uuidSegment = /(?<=\/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi

/**
 * The request's path as routes see it, each UUID segment lower-cased: Outpost writes its ids
 * lower-case, RFC 9562 has UUIDs case-insensitive on input, and some systems (.NET, SQL Server,
 * Excel) print them upper-case. Body and query ids are read the same way (schema-types.ts `uuid`).
 */
export function pathWithLowerCaseIds(request: Request): string {
  const path = getPath(request)
  return /[A-F]/.test(path) ? path.replace(uuidSegment, (id) => id.toLowerCase()) : path
}
