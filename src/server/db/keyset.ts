import { sql, type RawBuilder } from 'kysely'

/**
 * Rows after (sort value, id) in a list ordered by `order` then `id`, both `direction`: the seek of
 * a cursor page, as a condition a query adds to its filters. A row value, which both engines seek
 * to in the order's index: written as `order > v or (order = v and id > i)`, SQLite read the
 * workspace's index from its start to the cursor (139 ms a page 900,000 people into the name
 * order, 0.1 ms so).
 */
export function afterKey(
  order: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
  direction: 'asc' | 'desc',
  start: { value: string; id: string },
) {
  const past = sql.raw(direction === 'desc' ? '<' : '>')
  return sql<boolean>`((${order}, ${id}) ${past} (${start.value}, ${start.id}))`
}
