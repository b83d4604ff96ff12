import { createRoute, z } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { bulkIds, bulkResultSchema, inBulk } from '../http/bulk'
import { errorResponses, jsonRequest, jsonResponse } from '../http/schema-types'
import { createRouter, validated } from '../http/validation'
import { deletePerson, getPerson, updatePerson } from './service'

export const peopleBulkBody = z
  .discriminatedUnion('action', [
    z.strictObject({ action: z.literal('assign'), ids: bulkIds, ownerId: z.uuid().nullable() }),
    z.strictObject({
      action: z.literal('tag'),
      ids: bulkIds,
      tag: z.string().trim().min(1).max(64),
    }),
    z.strictObject({ action: z.literal('delete'), ids: bulkIds }),
  ])
  .openapi('PeopleBulk', {
    description: 'One action on many people, in one transaction: all are changed or none',
  })

/** POST /bulk: assign, tag or delete many people at once (the people table's bulk actions). */
export const peopleBulkRoutes = ({ db, clock }: AppDeps) =>
  createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/bulk',
      tags: ['People (UI)'],
      summary: 'Assign, tag or delete many people, all or none',
      request: jsonRequest(peopleBulkBody),
      responses: {
        200: jsonResponse(bulkResultSchema, 'How many were changed'),
        ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429),
      },
    }),
    async (c) => {
      const input = validated<z.output<typeof peopleBulkBody>>(c, 'json')
      const { tenantId } = c.var.auth
      const now = clock.now()
      const result = await inBulk(db, input.ids, async (trx, id) => {
        switch (input.action) {
          case 'assign':
            return updatePerson(trx, tenantId, id, { ownerId: input.ownerId }, now)
          case 'tag': {
            const { tags } = await getPerson(trx, tenantId, id)
            return updatePerson(trx, tenantId, id, { tags: [...tags, input.tag] }, now)
          }
          case 'delete':
            return deletePerson(trx, tenantId, id, now)
        }
      })
      return c.json(result, 200)
    },
  )
