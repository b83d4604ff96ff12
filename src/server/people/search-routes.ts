import { z } from '@hono/zod-openapi'
import { pageSchema } from '../http/pagination'
import { searchAndTimelineRoutes } from '../timeline/routes'
import { peopleSearchQuery, personListItemSchema, shortSearchCountCap } from './search-schema'
import { searchPeople } from './search-service'
import { getPerson } from './service'

/**
 * /api/app/v1/people: the UI's people table (search and filters the v1 list does not have) and a
 * person's timeline.
 */
export const peopleSearchRoutes = () =>
  searchAndTimelineRoutes(
    ['People (UI)'],
    {
      operationId: 'searchPeople',
      summary: 'Search people by name or e-mail and filter them, newest first',
      description:
        'One page of people whose name or e-mail contains `q` (case and accents ignored), filtered by lifecycle stage, owner or tag, newest first. See docs/decisions.md, UI.',
      query: peopleSearchQuery,
      page: pageSchema(personListItemSchema, 'PersonSearchPage', {
        totalCapped: z.boolean().openapi({
          description: `True when a one- or two-letter search has more than ${shortSearchCountCap} matches: total is then ${shortSearchCountCap} and only its pages can be read`,
        }),
      }),
      pageDescription: 'One page of matches',
      search: searchPeople,
    },
    {
      operationId: 'listPersonEvents',
      summary: "A person's timeline: their events, newest first",
      requireRecord: getPerson,
    },
  )
