import type { Insertable, Updateable } from 'kysely'
import { compiledOnce } from '../db/compiled-once'
import type { Db } from '../db/connection'
import { findTenantRow, insertRows } from '../db/tenant-rows'
import type { ApiTokenTable } from '../db/database'

export const insertApiToken = (db: Db, row: Insertable<ApiTokenTable>) =>
  insertRows(db, 'apiTokens', [row])

export const findApiTokenById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'apiTokens', tenantId, id)

const tokenByHash = compiledOnce(
  (db: Db, tokenHash: string) =>
    db
      .selectFrom('apiTokens')
      .innerJoin('workspaces', 'workspaces.id', 'apiTokens.tenantId')
      .select([
        'apiTokens.id',
        'apiTokens.name',
        'apiTokens.tenantId',
        'apiTokens.scope',
        'apiTokens.tokenHash',
        'apiTokens.revokedAt',
        'apiTokens.lastUsedAt',
        'apiTokens.rateLimitPerMinute as ownRateLimit',
        'apiTokens.createdByAccountId',
        'workspaces.rateLimitPerMinute',
      ])
      .where('apiTokens.tokenHash', '=', tokenHash),
  // Before the request's write: it may read the open group (db/group-commit.ts).
  { readsAhead: true },
)

/**
 * The token with this hash, its own rate limit and its workspace's, revoked or not: read on every
 * request.
 */
export async function findApiTokenByHash(db: Db, tokenHash: string) {
  return (await tokenByHash(db, tokenHash))[0]
}

export async function markApiTokenRevoked(db: Db, id: string, revokedAt: string): Promise<void> {
  await db
    .updateTable('apiTokens')
    .set({ revokedAt })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .execute()
}

export async function updateApiToken(db: Db, id: string, values: Updateable<ApiTokenTable>) {
  await db.updateTable('apiTokens').set(values).where('id', '=', id).execute()
}

export async function markApiTokenUsed(db: Db, id: string, lastUsedAt: string): Promise<void> {
  await db.updateTable('apiTokens').set({ lastUsedAt }).where('id', '=', id).execute()
}
