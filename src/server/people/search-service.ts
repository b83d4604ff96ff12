import type { Db } from '../db/connection'
import { paginate, type Page } from '../http/pagination'
import type { Person } from './schema'
import * as search from './search-repository'
import type { PeopleSearch } from './search-schema'
import { withTags } from './service'

/**
 * The people table of the UI: the v1 list (newest first, same envelope) narrowed by a search
 * text and filters. `total` counts the matches, not the workspace; for a one- or two-letter
 * search it stops at the cap, and `totalCapped` says there are more.
 */
export async function searchPeople(
  db: Db,
  tenantId: string,
  request: PeopleSearch,
): Promise<Page<Person> & { totalCapped: boolean }> {
  const { page: _page, pageSize: _pageSize, ...filters } = request
  let totalCapped = false
  const page = await paginate(
    request,
    async () => {
      const { total, capped } = await search.countMatchingPeople(db, tenantId, filters)
      totalCapped = capped
      return total
    },
    // The count runs first, so the page knows whether the matches are few or many.
    (limit, offset) =>
      search.listMatchingPeople(db, tenantId, filters, { limit, offset, dense: totalCapped }),
  )
  return { ...page, totalCapped, data: await withTags(db, page.data) }
}
