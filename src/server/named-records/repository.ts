import type { Db } from '../db/connection'
import { findTenantIdBy, findTenantRow, insertRows } from '../db/tenant-rows'

/** The tables of named records: each has id, tenantId, name, createdAt and updatedAt. */
export type NamedTable = 'companies' | 'users' | 'lostReasons'

export const findById = (db: Db, table: NamedTable, tenantId: string, id: string) =>
  findTenantRow(db, table, tenantId, id)

// Kysely cannot type a column chosen at run time; the area names one its table has.
export const findIdBy = (
  db: Db,
  table: NamedTable,
  tenantId: string,
  column: string,
  value: string,
) => findTenantIdBy(db, table, tenantId, column as 'name', value)

export const insert = (db: Db, table: NamedTable, row: Record<string, string | null>) =>
  insertRows(db, table, [row as never])

export async function update(
  db: Db,
  table: NamedTable,
  id: string,
  values: Record<string, unknown>,
) {
  await db.updateTable(table).set(values).where('id', '=', id).execute()
}

export async function remove(db: Db, table: NamedTable, id: string): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute()
}
