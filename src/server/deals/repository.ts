import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../db/connection'
import { findTenantRow, insertRows } from '../db/tenant-rows'
import type { DealTable } from '../db/database'

export type DealReference = 'ownerId' | 'primaryPersonId' | 'primaryCompanyId'
export type DealPlacement = 'pipelineId' | 'stageId' | 'lostReasonId'

export const insertDeal = (db: Db, row: Insertable<DealTable>) => insertRows(db, 'deals', [row])

export const findDealById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'deals', tenantId, id)

/** The deals whose `field` points at `id`. */
export async function listDealsReferencing(
  db: Db,
  tenantId: string,
  field: DealReference,
  id: string,
) {
  return db
    .selectFrom('deals')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where(field, '=', id)
    .execute()
}

/** Clears `field` on every deal of the workspace pointing at `id`, in one statement. */
export async function clearDealReference(
  db: Db,
  tenantId: string,
  field: DealReference,
  id: string,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('deals')
    .set({ [field]: null, updatedAt })
    .where('tenantId', '=', tenantId)
    .where(field, '=', id)
    .execute()
}

export async function countDealsWith(
  db: Db,
  tenantId: string,
  field: DealPlacement,
  id: string,
): Promise<number> {
  const row = await db
    .selectFrom('deals')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenantId', '=', tenantId)
    .where(field, '=', id)
    .executeTakeFirstOrThrow()
  return row.count
}

export async function updateDeal(db: Db, id: string, values: Updateable<DealTable>): Promise<void> {
  await db.updateTable('deals').set(values).where('id', '=', id).execute()
}

export async function deleteDeal(db: Db, id: string): Promise<void> {
  await db.deleteFrom('deals').where('id', '=', id).execute()
}

export async function listDealTags(db: Db, dealIds: readonly string[]) {
  if (dealIds.length === 0) return []
  return db
    .selectFrom('dealTags')
    .select(['dealId', 'tag'])
    .where('dealId', 'in', dealIds)
    .orderBy('dealId')
    .orderBy('position')
    .execute()
}

export async function replaceDealTags(
  db: Db,
  tenantId: string,
  dealId: string,
  tags: readonly string[],
): Promise<void> {
  await db.deleteFrom('dealTags').where('dealId', '=', dealId).execute()
  if (tags.length === 0) return
  await db
    .insertInto('dealTags')
    .values(tags.map((tag, position) => ({ tenantId, dealId, tag, position })))
    .execute()
}
