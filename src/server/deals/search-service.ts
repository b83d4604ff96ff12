import type { Db } from '../db/connection'
import { linkedNames } from '../db/linked-names'
import type { PageAfter } from '../db/record-page'
import { assertCursorOrder, defaultSort, keyedPage } from '../http/list-extensions'
import { paginate, type Page } from '../http/pagination'
import type { DealsListRequest } from './list-schema'
import type { Deal } from './schema'
import * as search from './search-repository'
import type { DealListItem, DealsSearch } from './search-schema'
import { listDeals, withTags } from './service'

/** Deals narrowed to a person, company or pipeline, in the v1 list's order and envelope. */
export async function searchDeals(
  db: Db,
  tenantId: string,
  request: DealsSearch,
): Promise<Page<DealListItem>> {
  const { page: _page, pageSize: _pageSize, ...filters } = request
  const page = await paginate(
    request,
    () => search.countMatchingDeals(db, tenantId, filters),
    (limit, offset) => search.listMatchingDeals(db, tenantId, filters, limit, offset),
  )
  return { ...page, data: await withLinkedNames(db, tenantId, await withTags(db, page.data)) }
}

async function withLinkedNames(db: Db, tenantId: string, deals: Deal[]): Promise<DealListItem[]> {
  const [people, companies] = await Promise.all([
    linkedNames(
      db,
      'people',
      tenantId,
      deals.map((deal) => deal.primaryPersonId),
    ),
    linkedNames(
      db,
      'companies',
      tenantId,
      deals.map((deal) => deal.primaryCompanyId),
    ),
  ])
  return deals.map((deal) => ({
    ...deal,
    personName: (deal.primaryPersonId && people.get(deal.primaryPersonId)) ?? null,
    companyName: (deal.primaryCompanyId && companies.get(deal.primaryCompanyId)) ?? null,
  }))
}

/**
 * GET /api/v1/deals. Without a filter or sort it is the contract's list, unchanged (kept counts,
 * remembered page ends). With any (Outpost extensions): the web app's filters, `total` counted,
 * in the order asked, by page number or by the `after` cursor.
 */
export async function listDealsForApi(
  db: Db,
  tenantId: string,
  request: DealsListRequest,
): Promise<Page<Deal> & { next: PageAfter | null }> {
  const { page: _page, pageSize: _pageSize, after, sort = defaultSort, ...narrowing } = request
  assertCursorOrder(after, sort)
  if (sort === defaultSort && Object.values(narrowing).every((value) => value === undefined)) {
    return listDeals(db, tenantId, request)
  }
  const filters = { ...narrowing, sort }
  const page = await keyedPage(
    request,
    sort,
    () => search.countMatchingDeals(db, tenantId, filters),
    (limit, offset, start) => search.listMatchingDeals(db, tenantId, filters, limit, offset, start),
  )
  return { ...page, data: await withTags(db, page.data) }
}
