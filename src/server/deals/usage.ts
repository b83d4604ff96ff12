// What other areas ask of deals: what other areas may ask of this one without importing its service, so services
// depend downward only (see docs/architecture.md, Dependency rules).
import type { Db } from '../db/connection'
import * as deals from './repository'

/** How many deals sit in a pipeline or stage, or were lost for a reason. */
export async function countDealsUsing(
  db: Db,
  tenantId: string,
  field: deals.DealPlacement,
  id: string,
): Promise<number> {
  return deals.countDealsWith(db, tenantId, field, id)
}
