import { createRoute, z } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { inTransaction, type Db } from '../db/connection'
import { ApiError } from './errors'
import { errorResponses, jsonRequest, jsonResponse, uuid } from './schema-types'
import { createRouter, validated } from './validation'

/** At most this many records in one bulk request: one transaction, answered in seconds. */
export const maxBulk = 500

export const bulkIds = z
  .array(uuid)
  .min(1)
  .max(maxBulk)
  .openapi({ description: `The records to act on, at most ${maxBulk}` })

/** The actions deals and people share: assign an owner, add a tag, delete. */
export const assignAction = z.strictObject({
  action: z.literal('assign'),
  ids: bulkIds,
  ownerId: uuid.nullable(),
})
export const tagAction = z.strictObject({
  action: z.literal('tag'),
  ids: bulkIds,
  tag: z.string().trim().min(1).max(64),
})
export const deleteAction = z.strictObject({ action: z.literal('delete'), ids: bulkIds })

export const bulkResultSchema = z
  .object({ done: z.number().int().openapi({ description: 'How many records were changed' }) })
  .openapi('BulkResult')

/**
 * Applies `act` to each id in one transaction: all or nothing. A record that refuses (not found,
 * a rule broken) fails the whole request with its error, `details.field` naming it as `ids[i]`.
 */
export async function inBulk(
  db: Db,
  ids: string[],
  act: (trx: Db, id: string) => Promise<unknown>,
): Promise<{ done: number }> {
  return inTransaction(db, async (trx) => {
    const seen = new Set<string>()
    for (const [index, id] of ids.entries()) {
      if (seen.has(id)) continue
      seen.add(id)
      try {
        await act(trx, id)
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        throw new ApiError(error.code, `${id}: ${error.message}`, {
          ...error.details,
          field: `ids[${index}]`,
        })
      }
    }
    return { done: seen.size }
  })
}

/**
 * POST /bulk of an area: `body` names the action and the ids; `act` does it to one record of the
 * caller's workspace, within the one transaction.
 */
export function bulkRoute<B extends z.ZodType<{ ids: string[] }>>(
  { clock }: RouteDeps,
  route: {
    tag: string
    /** `updatePeopleInBulk`. */
    operationId: string
    summary: string
    description: string
    body: B
    act(trx: Db, tenantId: string, id: string, input: z.output<B>, now: Date): Promise<unknown>
  },
) {
  return createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/bulk',
      tags: [route.tag],
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      request: jsonRequest(route.body),
      responses: {
        200: jsonResponse(bulkResultSchema, 'How many were changed'),
        ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429),
      },
    }),
    async (c) => {
      const input = validated<z.output<B>>(c, 'json')
      const { tenantId } = c.get('auth')
      const now = clock.now()
      const result = await inBulk(c.get('db'), input.ids, (trx, id) =>
        route.act(trx, tenantId, id, input, now),
      )
      return c.json(result, 200)
    },
  )
}
