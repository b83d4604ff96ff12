import { z } from '@hono/zod-openapi'
import { uuid } from '../http/schema-types'
import { extensionParam, sortParam, updatedSinceParam } from '../http/list-extensions'
import { cursorPageQuery } from '../http/page-cursor'
import { dealListSorts } from './search-schema'

const idFilter = (name: string, description: string) =>
  extensionParam(name, uuid, description, { format: 'uuid' })

/**
 * GET /api/v1/deals: the contract's `page` and `pageSize`, the `after` cursor, and the filters and
 * sort Outpost adds (all optional; absent, the list is the contract's).
 */
export const dealsListQuery = cursorPageQuery.extend({
  q: extensionParam(
    'q',
    z.string().max(200),
    'The title contains this text (case ignored), as the web app searches.',
  ),
  tag: extensionParam(
    'tag',
    z.string().trim().min(1).max(64),
    'Has this tag (compared without case).',
  ),
  ownerId: idFilter('ownerId', 'Owned by this user.'),
  pipelineId: idFilter('pipelineId', 'In this pipeline.'),
  stageId: idFilter('stageId', 'In this stage.'),
  status: extensionParam(
    'status',
    z.enum(['open', 'won', 'lost']),
    "The type of the deal's stage: open, won or lost.",
  ),
  updatedSince: updatedSinceParam,
  sort: sortParam(dealListSorts, 'title ignores case.'),
})

export type DealsListRequest = z.output<typeof dealsListQuery>
