import { z } from '@hono/zod-openapi'
import { inTransaction, type Db } from '../db/connection'
import { ApiError } from './errors'

/** At most this many records in one bulk request: one transaction, answered in seconds. */
export const maxBulk = 500

export const bulkIds = z
  .array(z.uuid())
  .min(1)
  .max(maxBulk)
  .openapi({ description: `The records to act on, at most ${maxBulk}` })

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
