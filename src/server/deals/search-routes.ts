import type { AppDeps } from '../app-env'
import { pageSchema } from '../http/pagination'
import { searchAndTimelineRoutes } from '../timeline/routes'
import { dealSchema } from './schema'
import { dealsSearchQuery } from './search-schema'
import { searchDeals } from './search-service'
import { getDeal } from './service'

/** /api/app/v1/deals: deals of a person, company or pipeline, and a deal's timeline. */
export const dealsSearchRoutes = (deps: AppDeps) =>
  searchAndTimelineRoutes(
    deps,
    ['Deals (UI)'],
    {
      summary: 'List the deals of a person, company or pipeline, newest first',
      query: dealsSearchQuery,
      page: pageSchema(dealSchema, 'DealSearchPage'),
      pageDescription: 'One page of deals',
      search: searchDeals,
    },
    {
      summary: "A deal's timeline: its stage changes and other events, newest first",
      requireRecord: getDeal,
    },
  )
