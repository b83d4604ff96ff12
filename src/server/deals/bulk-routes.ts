import { z } from '@hono/zod-openapi'
import { uuid } from '../http/schema-types'
import type { RouteDeps } from '../app-env'
import { assignAction, bulkIds, bulkRoute, deleteAction, tagAction } from '../http/bulk'
import { deleteDeal, getDeal, updateDeal } from './service'

export const dealsBulkBody = z
  .discriminatedUnion('action', [
    z.strictObject({
      action: z.literal('move'),
      ids: bulkIds,
      stageId: uuid,
      lostReasonId: uuid.optional().openapi({ description: 'Needed to move into a lost stage' }),
    }),
    assignAction,
    tagAction,
    deleteAction,
  ])
  .openapi('DealsBulk', {
    description: 'One action on many deals, in one transaction: all are changed or none',
  })

/** POST /bulk: move, assign, tag or delete many deals at once (the deals list's bulk actions). */
export const dealsBulkRoutes = (deps: RouteDeps) =>
  bulkRoute(deps, {
    tag: 'Deals (UI)',
    operationId: 'bulkUpdateDeals',
    summary: 'Move, assign, tag or delete many deals, all or none',
    description:
      'Applies one action (move to a stage, assign an owner, add or remove a tag, delete) to the listed deals in one transaction: all are changed, or none (the first failure is answered).',
    body: dealsBulkBody,
    async act(trx, tenantId, id, input, now) {
      switch (input.action) {
        case 'move': {
          const { stageId, lostReasonId } = input
          return updateDeal(trx, tenantId, id, { stageId, lostReasonId }, now)
        }
        case 'assign':
          return updateDeal(trx, tenantId, id, { ownerId: input.ownerId }, now)
        case 'tag': {
          const { tags } = await getDeal(trx, tenantId, id)
          return updateDeal(trx, tenantId, id, { tags: [...tags, input.tag] }, now)
        }
        case 'delete':
          return deleteDeal(trx, tenantId, id, now)
      }
    },
  })
