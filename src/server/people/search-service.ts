import { groupTags } from '../../shared/tags'
import type { Db } from '../db/connection'
import { pageOffset, toPage, type Page } from '../http/pagination'
import * as people from './repository'
import type { Person } from './schema'
import * as search from './search-repository'
import type { PeopleSearch } from './search-schema'
import { toPerson } from './service'

/**
 * The people table of the UI: the v1 list (newest first, same envelope) narrowed by a search
 * text and filters. `total` counts the matches, not the workspace.
 */
export async function searchPeople(
  db: Db,
  tenantId: string,
  request: PeopleSearch,
): Promise<Page<Person>> {
  const { page, pageSize, ...filters } = request
  const total = await search.countMatchingPeople(db, tenantId, filters)
  const offset = pageOffset(request)
  const rows =
    offset === null || offset >= total
      ? []
      : await search.listMatchingPeople(db, tenantId, filters, pageSize, offset)
  const tags = groupTags(
    await people.listPersonTags(
      db,
      rows.map((row) => row.id),
    ),
    'personId',
  )
  return toPage(
    rows.map((row) => toPerson(row, tags.get(row.id) ?? [])),
    { page, pageSize },
    total,
  )
}
