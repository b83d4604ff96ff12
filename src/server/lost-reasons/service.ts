import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import { inTransaction, type Db } from '../db/connection'
import type { LostReasonTable } from '../db/database'
import { selectTenantPage } from '../db/tenant-page'
import { countDealsUsing } from '../deals/usage'
import { ApiError, notFound } from '../http/errors'
import type { PageRequest } from '../http/pagination'
import * as lostReasons from './repository'
import type { LostReason } from './schema'

export const toLostReason = (row: Selectable<LostReasonTable>): LostReason => ({ ...row })

export async function createLostReason(
  db: Db,
  tenantId: string,
  name: string,
  now: Date,
): Promise<LostReason> {
  const row = {
    id: randomUUID(),
    tenantId,
    name,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  }
  await lostReasons.insertLostReason(db, row)
  return toLostReason(row)
}

export async function getLostReason(db: Db, tenantId: string, id: string): Promise<LostReason> {
  const row = await lostReasons.findLostReasonById(db, tenantId, id)
  if (!row) throw notFound('Lost reason')
  return toLostReason(row)
}

export const listLostReasons = (db: Db, tenantId: string, request: PageRequest) =>
  selectTenantPage(db, 'lostReasons', tenantId, request, (rows) => rows.map(toLostReason))

export async function renameLostReason(
  db: Db,
  tenantId: string,
  id: string,
  name: string,
  now: Date,
): Promise<LostReason> {
  const before = await getLostReason(db, tenantId, id)
  if (before.name === name) return before
  const updatedAt = now.toISOString()
  await lostReasons.renameLostReason(db, id, name, updatedAt)
  return { ...before, name, updatedAt }
}

/** Deletes a reason no deal gives; a lost deal must keep the reason it was lost for. */
export async function deleteLostReason(db: Db, tenantId: string, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await getLostReason(trx, tenantId, id)
    const inUse = await countDealsUsing(trx, tenantId, 'lostReasonId', id)
    if (inUse > 0) {
      throw new ApiError(
        'conflict',
        `${inUse} deal(s) were lost for this reason; it cannot be deleted`,
        {
          dealCount: inUse,
        },
      )
    }
    await lostReasons.deleteLostReason(trx, id)
  })
}
