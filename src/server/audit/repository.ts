import type { Insertable } from 'kysely'
import type { Db } from '../db/connection'
import type { AuditLogTable } from '../db/database'

export async function insertAuditEntry(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('auditLog').values(row).execute()
}

export async function countAuditEntries(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('tenantId', '=', tenantId)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/** One page of the workspace's audit log, newest first. */
export const listAuditEntries = (db: Db, tenantId: string, limit: number, offset: number) =>
  db
    .selectFrom('auditLog')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
