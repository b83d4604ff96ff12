import { sql, type SelectQueryBuilder } from 'kysely'
import { containsPattern } from '../db/like-pattern'
import type { Db } from '../db/connection'
import type { Database } from '../db/database'
import type { DealFilters } from './search-schema'
import { countRows } from '../db/count-rows'

type DealsQuery = SelectQueryBuilder<Database, 'deals', object>

function applyFilters(query: DealsQuery, tenantId: string, filters: DealFilters): DealsQuery {
  let filtered = query.where('deals.tenantId', '=', tenantId)
  if (filters.personId) filtered = filtered.where('deals.primaryPersonId', '=', filters.personId)
  if (filters.companyId) {
    filtered = filtered.where('deals.primaryCompanyId', '=', filters.companyId)
  }
  if (filters.pipelineId) filtered = filtered.where('deals.pipelineId', '=', filters.pipelineId)
  const text = filters.q?.trim()
  if (text) {
    filtered = filtered.where(
      sql<boolean>`lower(deals.title) like ${containsPattern(text)} escape '\\'`,
    )
  }
  return filtered
}

export async function countMatchingDeals(
  db: Db,
  tenantId: string,
  filters: DealFilters,
): Promise<number> {
  return countRows(applyFilters(db.selectFrom('deals'), tenantId, filters))
}

/** One page of the matching deals, newest first with id as the tie-breaker. */
export async function listMatchingDeals(
  db: Db,
  tenantId: string,
  filters: DealFilters,
  limit: number,
  offset: number,
) {
  return applyFilters(db.selectFrom('deals'), tenantId, filters)
    .selectAll('deals')
    .orderBy('deals.createdAt', 'desc')
    .orderBy('deals.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}
