import { z } from '@hono/zod-openapi'
import type { PageAfter } from '../db/record-page'
import { invalidField } from './errors'
import type { Page, PageRequest } from './pagination'

/** How every addition to the v1 contract introduces itself in the OpenAPI document. */
export const extensionNote = 'Outpost extension, not part of the v1 contract.'

/** The contract's order of every list: newest first. */
export const defaultSort = '-createdAt'

/** An optional query parameter of a v1 list that the contract does not have. */
export const extensionParam = <T extends z.ZodType>(
  name: string,
  schema: T,
  description: string,
  openapi: Record<string, unknown> = {},
) =>
  schema.optional().openapi({
    param: { name, in: 'query', required: false },
    description: `${extensionNote} ${description}`,
    ...openapi,
  })

/** `updatedSince`: an ISO 8601 date-time with its offset, compared in UTC. */
export const updatedSinceParam = extensionParam(
  'updatedSince',
  z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 date-time like 2026-11-22T14:03:00Z' })
    .transform((text) => new Date(text).toISOString()),
  'Only records updated at or after this date-time (ISO 8601 with Z or an offset). Creating a ' +
    'record counts as updating it.',
  { type: 'string', format: 'date-time', example: '2026-11-22T14:03:00Z' },
)

/** `sort`: one of a few orders; absent, the contract's newest first. */
export const sortParam = <const S extends readonly [string, ...string[]]>(
  sorts: S,
  description: string,
) =>
  extensionParam(
    'sort',
    z.enum(sorts),
    `The order, id breaking ties; a leading - is descending. ${description} ` +
      `Absent: ${defaultSort}, the contract's order (newest first).`,
  )

/**
 * A cursor says where the list it came from ended a page; in another order it means nothing. A
 * cursor is refused (400 naming `after`) unless it was given in the order asked now.
 */
export function assertCursorOrder(after: PageAfter | undefined, sort: string): void {
  if (after && (after.sort ?? defaultSort) !== sort) {
    throw invalidField('after', 'This cursor was given for another sort; use it with that sort')
  }
}

/** A row read for a filtered or sorted page, with its value of the sort column. */
export interface KeyedRow {
  id: string
  sortKey: string
}

/** Where a keyed read starts: right after the row with this sort value and id. */
export interface KeyStart {
  value: string
  id: string
}

/**
 * One page of a filtered or sorted v1 list, as the plain list answers it: by page number from an
 * offset, or by the `after` cursor from a key whatever was written since; `total` counted, and the
 * cursor of the page after this one when a row follows.
 */
export async function keyedPage<R extends KeyedRow>(
  request: PageRequest & { after?: PageAfter },
  sort: string,
  count: () => Promise<number>,
  list: (limit: number, offset: number, start?: KeyStart) => Promise<R[]>,
): Promise<Page<R> & { next: PageAfter | null }> {
  const total = await count()
  const { pageSize, after } = request
  const offset = after ? after.position : (request.page - 1) * pageSize
  let rows: R[] = []
  if (after) {
    // One row more than the page tells whether another follows, whatever the total says.
    rows = await list(pageSize + 1, 0, { value: after.key.createdAt, id: after.key.id })
  } else if (Number.isSafeInteger(offset) && offset < total) {
    rows = await list(pageSize, offset)
  }
  const hasMore = after ? rows.length > pageSize : offset + rows.length < total
  rows = rows.slice(0, pageSize)
  const last = rows.at(-1)
  const next =
    hasMore && last
      ? {
          position: offset + rows.length,
          key: { createdAt: last.sortKey, id: last.id },
          ...(sort === defaultSort ? {} : { sort }),
        }
      : null
  const page = after ? Math.floor(offset / pageSize) + 1 : request.page
  return { data: rows, page, pageSize, total, hasMore, next }
}
