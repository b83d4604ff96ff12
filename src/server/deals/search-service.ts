import type { Db } from '../db/connection'
import { paginate, type Page } from '../http/pagination'
import type { Deal } from './schema'
import * as search from './search-repository'
import type { DealsSearch } from './search-schema'
import { withTags } from './service'

/** Deals narrowed to a person, company or pipeline, in the v1 list's order and envelope. */
export async function searchDeals(
  db: Db,
  tenantId: string,
  request: DealsSearch,
): Promise<Page<Deal>> {
  const { page: _page, pageSize: _pageSize, ...filters } = request
  const page = await paginate(
    request,
    () => search.countMatchingDeals(db, tenantId, filters),
    (limit, offset) => search.listMatchingDeals(db, tenantId, filters, limit, offset),
  )
  return { ...page, data: await withTags(db, page.data) }
}
