import { groupTags } from '../../shared/tags'
import type { Db } from '../db/connection'
import { pageOffset, toPage, type Page } from '../http/pagination'
import * as deals from './repository'
import type { Deal } from './schema'
import * as search from './search-repository'
import type { DealsSearch } from './search-schema'
import { toDeal } from './service'

/** Deals narrowed to a person, company or pipeline, in the v1 list's order and envelope. */
export async function searchDeals(
  db: Db,
  tenantId: string,
  request: DealsSearch,
): Promise<Page<Deal>> {
  const { page, pageSize, ...filters } = request
  const total = await search.countMatchingDeals(db, tenantId, filters)
  const offset = pageOffset(request)
  const rows =
    offset === null || offset >= total
      ? []
      : await search.listMatchingDeals(db, tenantId, filters, pageSize, offset)
  const tags = groupTags(
    await deals.listDealTags(
      db,
      rows.map((row) => row.id),
    ),
    'dealId',
  )
  return toPage(
    rows.map((row) => toDeal(row, tags.get(row.id) ?? [])),
    { page, pageSize },
    total,
  )
}
