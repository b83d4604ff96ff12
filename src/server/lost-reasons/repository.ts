import type { Insertable } from 'kysely'
import type { Db } from '../db/connection'
import type { LostReasonTable } from '../db/database'

export async function insertLostReason(db: Db, row: Insertable<LostReasonTable>): Promise<void> {
  await db.insertInto('lostReasons').values(row).execute()
}

export async function findLostReasonById(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('lostReasons')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function renameLostReason(db: Db, id: string, name: string, updatedAt: string) {
  await db.updateTable('lostReasons').set({ name, updatedAt }).where('id', '=', id).execute()
}

export async function deleteLostReason(db: Db, id: string): Promise<void> {
  await db.deleteFrom('lostReasons').where('id', '=', id).execute()
}
