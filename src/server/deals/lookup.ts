// Lookups of deals: what other areas may ask of this one without importing its service, so services
// depend downward only (see docs/architecture.md, Dependency rules).
import type { Db } from '../db/connection'
import { ApiError, unknownReference } from '../http/errors'
import * as deals from './repository'

/** The company of a deal of this workspace (null if none); 422 naming `field` if no such deal. */
export async function companyOfDeal(db: Db, tenantId: string, id: string, field: string) {
  const deal = await deals.findDealById(db, tenantId, id)
  if (!deal) throw unknownReference(field, 'deal')
  return deal.primaryCompanyId
}

/** The titles of these deals of the workspace, by id (an unknown id is left out). */
export async function titlesOfDeals(db: Db, tenantId: string, ids: string[]) {
  return deals.findDealTitles(db, tenantId, ids)
}

/** The open and won deals of a company: how many, and their values per currency. */
export async function dealTotalsOfCompany(db: Db, tenantId: string, companyId: string) {
  const rows = await deals.sumDealsOfCompany(db, tenantId, companyId)
  const of = (type: 'open' | 'won') => {
    const kind = rows.filter((row) => row.type === type)
    return {
      count: kind.reduce((sum, row) => sum + row.count, 0),
      totals: kind.map((row) => ({ currency: row.currency, value: row.value })),
    }
  }
  return { open: of('open'), won: of('won') }
}

/**
 * The one deal of this workspace with this id or exact title; 422 naming `field` for none, or
 * for several deals of that title (the id then tells them apart).
 */
export async function dealIdByTitle(db: Db, tenantId: string, field: string, text: string) {
  const title = text.trim()
  if (/^[0-9a-f-]{36}$/i.test(title)) {
    await companyOfDeal(db, tenantId, title.toLowerCase(), field)
    return title.toLowerCase()
  }
  const ids = await deals.findDealIdsByTitle(db, tenantId, title, 2)
  if (ids.length === 1) return ids[0]!
  throw new ApiError(
    'invalid_reference',
    ids.length === 0
      ? `${field} "${title}" is the title of no deal of this workspace`
      : `${field} "${title}" is the title of several deals of this workspace; use the id`,
    { field },
  )
}
