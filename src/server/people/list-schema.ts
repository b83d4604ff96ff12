import { z } from '@hono/zod-openapi'
import { extensionParam, sortParam, updatedSinceParam } from '../http/list-extensions'
import { cursorPageQuery } from '../http/page-cursor'
import { emailAddress, uuid } from '../http/schema-types'
import { peopleListSorts } from './search-schema'

/**
 * GET /api/v1/people: the contract's `page` and `pageSize`, the `after` cursor, and the filters and
 * sort Outpost adds (all optional; absent, the list is the contract's).
 */
export const peopleListQuery = cursorPageQuery.extend({
  email: extensionParam(
    'email',
    emailAddress,
    'The person with this primary e-mail, compared without case (at most one).',
    { type: 'string', format: 'email' },
  ),
  q: extensionParam(
    'q',
    z.string().max(200),
    'Name or e-mail contains this text, case and accents ignored; one or two characters: a word ' +
      'of the name or e-mail starts with them (the web app search).',
  ),
  tag: extensionParam(
    'tag',
    z.string().trim().min(1).max(64),
    'Has this tag (compared without case).',
  ),
  ownerId: extensionParam('ownerId', uuid, 'Owned by this user.', { format: 'uuid' }),
  updatedSince: updatedSinceParam,
  sort: sortParam(peopleListSorts, 'fullName ignores case.'),
})

export type PeopleListRequest = z.output<typeof peopleListQuery>
