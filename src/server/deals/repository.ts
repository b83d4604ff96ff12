import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../db/connection'
import { findTenantRow, insertRows, updateRow } from '../db/tenant-rows'
import type { DealTable } from '../db/database'
import { countRows } from '../db/count-rows'
import { orderKey } from '../db/text-fold'
import { rowReads } from '../db/record-page'

/** Pages of deals newest first, rows of every column. */
export const dealPages = rowReads('deals')

export type DealReference = 'ownerId' | 'primaryPersonId' | 'primaryCompanyId'
export type DealPlacement = 'pipelineId' | 'stageId' | 'lostReasonId'

export const insertDeal = (db: Db, row: Insertable<DealTable>) =>
  insertRows(db, 'deals', [{ ...row, titleKey: orderKey(row.title) }])

export const findDealById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'deals', tenantId, id)

export async function countDealsWith(
  db: Db,
  tenantId: string,
  field: DealPlacement,
  id: string,
): Promise<number> {
  return countRows(db.selectFrom('deals').where('tenantId', '=', tenantId).where(field, '=', id))
}

export const updateDeal = (db: Db, id: string, values: Updateable<DealTable>) =>
  updateRow(
    db,
    'deals',
    id,
    values.title === undefined ? values : { ...values, titleKey: orderKey(values.title) },
  )

export async function deleteDeal(db: Db, id: string): Promise<void> {
  await db.deleteFrom('deals').where('id', '=', id).execute()
}

export async function findDealTitles(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return {}
  const rows = await db
    .selectFrom('deals')
    .select(['id', 'title'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .execute()
  return Object.fromEntries(rows.map((row) => [row.id, row.title])) as Record<string, string>
}

/** Up to `limit` ids of deals with exactly this title (imports name deals by title). */
export async function findDealIdsByTitle(db: Db, tenantId: string, title: string, limit: number) {
  const rows = await db
    .selectFrom('deals')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('title', '=', title)
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

export function sumDealsOfCompany(db: Db, tenantId: string, companyId: string) {
  return db
    .selectFrom('deals')
    .innerJoin('stages', 'stages.id', 'deals.stageId')
    .select((eb) => [
      'stages.type',
      'deals.currency',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('deals.value').as('value'),
    ])
    .where('deals.tenantId', '=', tenantId)
    .where('deals.primaryCompanyId', '=', companyId)
    .groupBy(['stages.type', 'deals.currency'])
    .orderBy('deals.currency')
    .execute()
}
