import { createRoute, z } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { bulkIds, bulkResultSchema, inBulk } from '../http/bulk'
import { errorResponses, jsonRequest, jsonResponse } from '../http/schema-types'
import { createRouter, validated } from '../http/validation'
import { deleteDeal, getDeal, updateDeal } from './service'

export const dealsBulkBody = z
  .discriminatedUnion('action', [
    z.strictObject({
      action: z.literal('move'),
      ids: bulkIds,
      stageId: z.uuid(),
      lostReasonId: z
        .uuid()
        .optional()
        .openapi({ description: 'Needed to move into a lost stage' }),
    }),
    z.strictObject({ action: z.literal('assign'), ids: bulkIds, ownerId: z.uuid().nullable() }),
    z.strictObject({
      action: z.literal('tag'),
      ids: bulkIds,
      tag: z.string().trim().min(1).max(64),
    }),
    z.strictObject({ action: z.literal('delete'), ids: bulkIds }),
  ])
  .openapi('DealsBulk', {
    description: 'One action on many deals, in one transaction: all are changed or none',
  })

/** POST /bulk: move, assign, tag or delete many deals at once (the deals list's bulk actions). */
export const dealsBulkRoutes = ({ db, clock }: AppDeps) =>
  createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/bulk',
      tags: ['Deals (UI)'],
      summary: 'Move, assign, tag or delete many deals, all or none',
      request: jsonRequest(dealsBulkBody),
      responses: {
        200: jsonResponse(bulkResultSchema, 'How many were changed'),
        ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429),
      },
    }),
    async (c) => {
      const input = validated<z.output<typeof dealsBulkBody>>(c, 'json')
      const { tenantId } = c.var.auth
      const now = clock.now()
      const result = await inBulk(db, input.ids, async (trx, id) => {
        switch (input.action) {
          case 'move':
            return updateDeal(
              trx,
              tenantId,
              id,
              { stageId: input.stageId, lostReasonId: input.lostReasonId },
              now,
            )
          case 'assign':
            return updateDeal(trx, tenantId, id, { ownerId: input.ownerId }, now)
          case 'tag': {
            const { tags } = await getDeal(trx, tenantId, id)
            return updateDeal(trx, tenantId, id, { tags: [...tags, input.tag] }, now)
          }
          case 'delete':
            return deleteDeal(trx, tenantId, id, now)
        }
      })
      return c.json(result, 200)
    },
  )
