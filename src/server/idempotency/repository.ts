import type { Selectable } from 'kysely'
import type { Db } from '../db/connection'
import type { IdempotencyKeyTable } from '../db/database'

export type IdempotencyRow = Selectable<IdempotencyKeyTable>

/** Takes the key for a first request: true when this request holds it now. */
export async function insertRunningKey(
  db: Db,
  row: Pick<IdempotencyRow, 'scope' | 'key' | 'requestHash' | 'createdAt' | 'expiresAt'>,
): Promise<boolean> {
  const result = await db
    .insertInto('idempotencyKeys')
    .values({ ...row, state: 'running' })
    .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

export function findKey(db: Db, scope: string, key: string) {
  return db
    .selectFrom('idempotencyKeys')
    .selectAll()
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst()
}

export async function storeAnswer(
  db: Db,
  scope: string,
  key: string,
  answer: { status: number; headers: string; body: string },
): Promise<void> {
  await db
    .updateTable('idempotencyKeys')
    .set({ state: 'done', ...answer })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute()
}

export async function deleteKey(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('idempotencyKeys').where('scope', '=', scope).where('key', '=', key).execute()
}

/** Forgets the keys past their 24 hours, through the expiry index. */
export async function deleteExpiredKeys(db: Db, now: string): Promise<void> {
  await db.deleteFrom('idempotencyKeys').where('expiresAt', '<', now).execute()
}
