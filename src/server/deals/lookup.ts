// Lookups of deals: what other areas may ask of this one without importing its service, so services
// depend downward only (see docs/architecture.md, Dependency rules).
import type { Db } from '../db/connection'
import { unknownReference } from '../http/errors'
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
