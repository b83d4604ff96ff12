import type { AppDeps } from '../app-env'
import { pageSchema } from '../http/pagination'
import { searchAndTimelineRoutes } from '../timeline/routes'
import { personSchema } from './schema'
import { peopleSearchQuery } from './search-schema'
import { searchPeople } from './search-service'
import { getPerson } from './service'

/**
 * /api/app/v1/people: the UI's people table (search and filters the v1 list does not have) and a
 * person's timeline.
 */
export const peopleSearchRoutes = (deps: AppDeps) =>
  searchAndTimelineRoutes(
    deps,
    ['People (UI)'],
    {
      summary: 'Search people by name or e-mail and filter them, newest first',
      query: peopleSearchQuery,
      page: pageSchema(personSchema, 'PersonSearchPage'),
      pageDescription: 'One page of matches',
      search: searchPeople,
    },
    { summary: "A person's timeline: their events, newest first", requireRecord: getPerson },
  )
