import { sql, type SelectQueryBuilder } from 'kysely'

/** How many rows a query (its from and where) matches: one `count(*)` statement. */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const counted = query.select(sql<number | string>`count(*)`.as('count'))
  // Kysely cannot name the added column on a generic query; it is there all the same.
  const row = (await counted.executeTakeFirstOrThrow()) as unknown as { count: number | string }
  // A number in SQLite; PostgreSQL's bigint arrives as text.
  return Number(row.count)
}
