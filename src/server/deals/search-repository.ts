import { customFieldIs } from '../custom-fields/filter'
import { sql, type SelectQueryBuilder } from 'kysely'
import { containsPattern } from '../db/like-pattern'
import { engineOf, type Db } from '../db/connection'
import type { Database } from '../db/database'
import type { DealFilters } from './search-schema'
import { countRows } from '../db/count-rows'
import { afterKey } from '../db/keyset'
import type { KeyStart } from '../http/list-extensions'
import { lowerFor } from '../db/fold'

type DealsQuery = SelectQueryBuilder<Database, 'deals', object>

function applyFilters(
  db: Db,
  query: DealsQuery,
  tenantId: string,
  filters: DealFilters,
): DealsQuery {
  let filtered = query.where('deals.tenantId', '=', tenantId)
  if (filters.personId) filtered = filtered.where('deals.primaryPersonId', '=', filters.personId)
  if (filters.companyId) {
    filtered = filtered.where('deals.primaryCompanyId', '=', filters.companyId)
  }
  if (filters.pipelineId) filtered = filtered.where('deals.pipelineId', '=', filters.pipelineId)
  if (filters.stageId) filtered = filtered.where('deals.stageId', '=', filters.stageId)
  if (filters.ownerId) filtered = filtered.where('deals.ownerId', '=', filters.ownerId)
  if (filters.status) {
    const status = filters.status
    filtered = filtered.where('deals.stageId', 'in', (eb) =>
      eb.selectFrom('stages').select('stages.id').where('stages.type', '=', status),
    )
  }
  if (filters.tag) {
    const tag = filters.tag.toLowerCase()
    filtered = filtered.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('dealTags')
          .select('dealTags.dealId')
          .whereRef('dealTags.dealId', '=', 'deals.id')
          .where(lowerFor(sql.ref('deal_tags.tag'), tag), '=', tag),
      ),
    )
  }
  if (filters.valueMin !== undefined)
    filtered = filtered.where('deals.value', '>=', filters.valueMin)
  if (filters.valueMax !== undefined)
    filtered = filtered.where('deals.value', '<=', filters.valueMax)
  if (filters.closeFrom) {
    filtered = filtered.where('deals.expectedCloseDate', '>=', filters.closeFrom)
  }
  if (filters.closeTo) filtered = filtered.where('deals.expectedCloseDate', '<=', filters.closeTo)
  if (filters.noNextActivity) {
    filtered = filtered.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('activities')
            .select('activities.id')
            .whereRef('activities.dealId', '=', 'deals.id')
            .where('activities.done', '=', 0),
        ),
      ),
    )
  }
  if (filters.customField) {
    filtered = filtered.where(
      customFieldIs(engineOf(db), 'deals.custom_fields', filters.customField),
    )
  }
  if (filters.updatedSince) {
    filtered = filtered.where('deals.updatedAt', '>=', filters.updatedSince)
  }
  const text = filters.q?.trim()
  if (text) {
    filtered = filtered.where(
      sql<boolean>`${lowerFor(sql.ref('deals.title'), text)} like ${containsPattern(text)} escape '\\'`,
    )
  }
  return filtered
}

export async function countMatchingDeals(
  db: Db,
  tenantId: string,
  filters: DealFilters,
): Promise<number> {
  return countRows(applyFilters(db, db.selectFrom('deals'), tenantId, filters))
}

/**
 * One page of the matching deals, in the order asked (newest first by default), id breaking ties,
 * each row with its value of the sort column (`sortKey`, for a cursor); with `start`, the rows after
 * that key (a cursor page of the v1 list, whose orders are all of text columns).
 */
export async function listMatchingDeals(
  db: Db,
  tenantId: string,
  filters: DealFilters,
  limit: number,
  offset: number,
  start?: KeyStart,
) {
  const [field, direction] = filters.sort.startsWith('-')
    ? ([filters.sort.slice(1), 'desc'] as const)
    : ([filters.sort, 'asc'] as const)
  // By title: the key written with the title, folded (db/text-fold.ts orderKey), and indexed.
  const order = field === 'title' ? sql`deals.title_key` : sql.ref(`deals.${field}`)
  let query = applyFilters(db, db.selectFrom('deals'), tenantId, filters)
  if (start) query = query.where(afterKey(order, sql`deals.id`, direction, start))
  return query
    .selectAll('deals')
    .select(sql<string>`${order}`.as('sortKey'))
    .orderBy(order, direction)
    .orderBy('deals.id', direction)
    .limit(limit)
    .offset(offset)
    .execute()
}
