import type { Db } from '../db/connection'
import { linkedNames } from '../db/linked-names'
import type { PageAfter } from '../db/record-page'
import { assertCursorOrder, defaultSort, keyedPage } from '../http/list-extensions'
import { paginate, type Page } from '../http/pagination'
import type { PeopleListRequest } from './list-schema'
import type { Person } from './schema'
import * as search from './search-repository'
import type { PeopleSearch, PersonListItem } from './search-schema'
import { listPeopleAnswers, withTags } from './service'
import type { Answer } from '../http/raw-json'

/**
 * The people table of the UI: the v1 list (newest first, same envelope) narrowed by a search
 * text and filters. `total` counts the matches, not the workspace; for a one- or two-letter
 * search it stops at the cap, and `totalCapped` says there are more.
 */
export async function searchPeople(
  db: Db,
  tenantId: string,
  request: PeopleSearch,
): Promise<Page<PersonListItem> & { totalCapped: boolean }> {
  const { page: _page, pageSize: _pageSize, ...filters } = request
  let matches: search.MatchCount = { total: 0, capped: false }
  const page = await paginate(
    request,
    async () => {
      matches = await search.countMatchingPeople(db, tenantId, filters)
      return matches.total
    },
    // The count runs first, so the page knows whether the matches are few or many.
    (limit, offset) => search.listMatchingPeople(db, tenantId, filters, { limit, offset, matches }),
  )
  const people = await withTags(db, page.data)
  const companies = await linkedNames(
    db,
    'companies',
    tenantId,
    people.map((person) => person.companyId),
  )
  const data = people.map((person) => ({
    ...person,
    companyName: (person.companyId && companies.get(person.companyId)) ?? null,
  }))
  return { ...page, totalCapped: matches.capped, data }
}

/**
 * GET /api/v1/people. Without a filter or sort it is the contract's list, unchanged (kept counts,
 * remembered page ends). With any (Outpost extensions): the web app's search narrowed further,
 * `total` counted exactly, in the order asked, by page number or by the `after` cursor.
 */
export async function listPeopleForApi(
  db: Db,
  tenantId: string,
  request: PeopleListRequest,
): Promise<Page<Answer<Person>> & { next: PageAfter | null }> {
  const { page: _page, pageSize: _pageSize, after, sort = defaultSort, ...narrowing } = request
  assertCursorOrder(after, sort)
  if (sort === defaultSort && Object.values(narrowing).every((value) => value === undefined)) {
    return listPeopleAnswers(db, tenantId, request)
  }
  const filters = { ...narrowing, sort }
  let matches: search.MatchCount = { total: 0, capped: false }
  const page = await keyedPage(
    request,
    sort,
    async () => {
      matches = await search.countMatchingPeople(db, tenantId, filters, { exact: true })
      return matches.total
    },
    (limit, offset, start) =>
      search.listMatchingPeople(db, tenantId, filters, { limit, offset, matches, start }),
  )
  return { ...page, data: await withTags(db, page.data) }
}
