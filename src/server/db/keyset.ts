import { sql, type RawBuilder } from 'kysely'

/**
 * Rows after (sort value, id) in a list ordered by `order` then `id`, both `direction`: the seek of
 * a cursor page, as a condition a query adds to its filters.
 */
export function afterKey(
  order: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
  direction: 'asc' | 'desc',
  start: { value: string; id: string },
) {
  const past = sql.raw(direction === 'desc' ? '<' : '>')
  return sql<boolean>`(${order} ${past} ${start.value} or (${order} = ${start.value} and ${id} ${past} ${start.id}))`
}
