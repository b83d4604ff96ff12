import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { PageAfter } from '../db/record-page'
import { invalidField } from './errors'
import { pageQuery } from './pagination'

// A cursor is opaque to clients: base64url of the JSON [createdAt, id, position] of the last row
// of the page before; in another order than newest first (`sort`), [value of the sort column, id,
// position, sort]. Only this module reads or writes one.
const encode = ({ key, position, sort }: PageAfter) =>
  Buffer.from(
    JSON.stringify(
      sort ? [key.createdAt, key.id, position, sort] : [key.createdAt, key.id, position],
    ),
  ).toString('base64url')

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
// Far past any list's length: a position beyond it was not written by this API.
const maxPosition = 1_000_000_000

/** The cursor's parts, or undefined for anything this module did not write (edited, forged). */
function decode(cursor: string): PageAfter | undefined {
  try {
    const [createdAt, id, position, sort, ...rest] = JSON.parse(
      Buffer.from(cursor, 'base64url').toString(),
    )
    const valid =
      typeof createdAt === 'string' &&
      (sort !== undefined || isoInstant.test(createdAt)) &&
      typeof id === 'string' &&
      uuidText.test(id) &&
      Number.isSafeInteger(position) &&
      position > 0 &&
      position <= maxPosition &&
      (sort === undefined || typeof sort === 'string') &&
      rest.length === 0
    if (!valid) return undefined
    return { key: { createdAt, id }, position, ...(sort === undefined ? {} : { sort }) }
  } catch {
    return undefined
  }
}

const afterParam = z
  .string()
  .transform((cursor, ctx) => {
    const after = decode(cursor)
    if (!after) ctx.addIssue({ code: 'custom', message: 'is not a cursor this API gave' })
    return after ?? z.NEVER
  })
  .optional()
  .openapi({
    param: { name: 'after', in: 'query', required: false },
    type: 'string',
    description:
      'Outpost extension: the cursor from the `Link: rel="next"` header of the page before. ' +
      'The page starts right after that page whatever was written since; instead of `page`.',
  })

/** A list that also takes `after`, the cursor of the page before. */
export const cursorPageQuery = pageQuery.extend({ after: afterParam })

/** `page` and `after` both say where a page starts: a request may give one. */
export function assertOneStart(c: Context, after: PageAfter | undefined): void {
  if (after && c.req.query('page') !== undefined) {
    throw invalidField('after', 'Give either page or after, not both')
  }
}

/**
 * The `Link` header to the page after this one, as GitHub gives: same list, same page size, and
 * the same filters and sort when the request had any (the v1 extensions).
 */
export function nextLink(c: Context, pageSize: number, next: PageAfter): string {
  const url = new URL(c.req.url)
  const query = new URLSearchParams({ pageSize: String(pageSize), after: encode(next) })
  for (const [name, value] of url.searchParams) {
    if (name !== 'page' && name !== 'pageSize' && name !== 'after') query.append(name, value)
  }
  return `<${url.origin}${url.pathname}?${query}>; rel="next"`
}

/** The OpenAPI description of that header. */
export const nextLinkHeader = {
  Link: {
    description:
      'Outpost extension: `<URL>; rel="next"` to the page after this one, by cursor; absent on the last page.',
    schema: { type: 'string' as const },
  },
}
