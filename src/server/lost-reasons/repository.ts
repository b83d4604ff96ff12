import type { Insertable } from 'kysely'
import type { Db } from '../db/connection'
import { findTenantRow, insertRows } from '../db/tenant-rows'
import type { LostReasonTable } from '../db/database'

export const insertLostReason = (db: Db, row: Insertable<LostReasonTable>) =>
  insertRows(db, 'lostReasons', [row])

export const findLostReasonById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'lostReasons', tenantId, id)

export async function renameLostReason(db: Db, id: string, name: string, updatedAt: string) {
  await db.updateTable('lostReasons').set({ name, updatedAt }).where('id', '=', id).execute()
}

export async function deleteLostReason(db: Db, id: string): Promise<void> {
  await db.deleteFrom('lostReasons').where('id', '=', id).execute()
}
