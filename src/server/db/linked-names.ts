import type { Db } from './connection'

/** The tables a record links to by id, each with the column that names a row. */
const nameColumns = { people: 'fullName', companies: 'name' } as const

/**
 * The names of the people or companies a page of records links to, by id, in one query: lists
 * show who a deal is with, not an id (the v1 REST keeps to ids; the UI's lists add the names).
 */
export async function linkedNames(
  db: Db,
  table: keyof typeof nameColumns,
  tenantId: string,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .selectFrom(table)
    .select(['id', `${nameColumns[table]} as name`])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', wanted)
    .execute()
  return new Map(rows.map((row) => [row.id, row.name]))
}
