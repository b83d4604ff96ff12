import { z } from '@hono/zod-openapi'

export const defaultPageSize = 25
export const maxPageSize = 100

const wholeNumber = (name: string, max: number, fallback: number, description: string) =>
  z
    .string()
    // A sign is let through to the bounds below: -1 is a whole number, and under 1.
    .regex(/^-?\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'must be at least 1')
        .max(max, max === maxPageSize ? `must be at most ${max}` : 'is too large'),
    )
    .optional()
    .default(fallback)
    .openapi({
      param: { name, in: 'query', required: false },
      type: 'integer',
      minimum: 1,
      maximum: max,
      default: fallback,
      description,
    })

/**
 * `page` and `pageSize`, the only query parameters of a v1 list. Any other parameter is a 400: a
 * script that sends a filter must not silently receive the unfiltered list.
 */
export const pageQuery = z.strictObject({
  page: wholeNumber('page', Number.MAX_SAFE_INTEGER, 1, 'Page number, 1-indexed.'),
  pageSize: wholeNumber(
    'pageSize',
    maxPageSize,
    defaultPageSize,
    `Items per page, at most ${maxPageSize}.`,
  ),
})

export type PageRequest = z.output<typeof pageQuery>

export interface Page<T> {
  data: T[]
  page: number
  pageSize: number
  total: number
  hasMore: boolean
}

/** Rows to skip for a page, or null when the page lies beyond any possible row. */
function pageOffset({ page, pageSize }: PageRequest): number | null {
  const offset = (page - 1) * pageSize
  return Number.isSafeInteger(offset) ? offset : null
}

/**
 * One page of any list: counts the matches, then reads the page's rows only when the page can
 * hold any (a page past the end costs one count, and an absurd page number no query at all).
 */
export async function paginate<T>(
  request: PageRequest,
  count: () => Promise<number>,
  list: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const total = await count()
  const offset = pageOffset(request)
  const rows = offset === null || offset >= total ? [] : await list(request.pageSize, offset)
  return toPage(rows, request, total)
}

function toPage<T>(data: T[], { page, pageSize }: PageRequest, total: number): Page<T> {
  return { data, page, pageSize, total, hasMore: page * pageSize < total }
}

/** The OpenAPI schema of the list envelope around `item`, with any fields a list adds. */
export function pageSchema<T extends z.ZodType>(item: T, name: string, extra: z.ZodRawShape = {}) {
  return z
    .object({
      data: z.array(item).openapi({ description: 'Items of the current page' }),
      page: z.number().int().openapi({ description: 'Echo of the requested page' }),
      pageSize: z.number().int().openapi({ description: 'Echo of the requested page size' }),
      total: z.number().int().openapi({ description: 'Total number of items in the workspace' }),
      hasMore: z.boolean().openapi({ description: 'True when at least one more page exists' }),
      ...extra,
    })
    .openapi(name)
}
