import { newId } from '../ids'
import type { Selectable } from 'kysely'
import { inTransaction, type Db } from '../db/connection'
import type { ApiTokenTable, TokenScope } from '../db/database'
import { selectTenantPage } from '../db/tenant-page'
import { notFound } from '../http/errors'
import type { PageRequest } from '../http/pagination'
import * as tokens from './repository'
import type { ApiToken, CreatedApiToken, UpdateApiTokenInput } from './schema'
import { hashSecret, sameDigest } from '../secrets'
import { displayPrefix, generateTokenSecret, looksLikeToken } from './token-secret'

// Recording every use would turn each read into a write; once a minute is enough to show activity.
const lastUsedResolutionMs = 60_000

export function toApiToken(row: Selectable<ApiTokenTable>): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.tokenPrefix,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    rateLimitPerMinute: row.rateLimitPerMinute,
    createdByAccountId: row.createdByAccountId,
  }
}

/**
 * Issues a token bound to one workspace. The secret is in the result and nowhere else. A token made
 * by an account never has more rights than that account's role (see auth/middleware.ts).
 */
export async function createApiToken(
  db: Db,
  tenantId: string,
  input: { name: string; scope: TokenScope; rateLimitPerMinute?: number | null },
  now: Date,
  createdByAccountId: string | null = null,
): Promise<CreatedApiToken> {
  const secret = generateTokenSecret()
  const row = {
    id: newId(),
    tenantId,
    name: input.name,
    scope: input.scope,
    tokenHash: hashSecret(secret),
    tokenPrefix: displayPrefix(secret),
    createdAt: now.toISOString(),
    lastUsedAt: null,
    revokedAt: null,
    rateLimitPerMinute: input.rateLimitPerMinute ?? null,
    createdByAccountId,
  }
  await tokens.insertApiToken(db, row)
  return { ...toApiToken(row), token: secret }
}

export const listApiTokens = (db: Db, tenantId: string, request: PageRequest) =>
  selectTenantPage(db, 'apiTokens', tenantId, request, (rows) => rows.map(toApiToken))

export async function getApiToken(db: Db, tenantId: string, id: string): Promise<ApiToken> {
  const row = await tokens.findApiTokenById(db, tenantId, id)
  if (!row) throw notFound('API token')
  return toApiToken(row)
}

/** Renames a token or sets its own rate limit (null: its workspace's), effective at once. */
export async function updateApiToken(
  db: Db,
  tenantId: string,
  id: string,
  input: UpdateApiTokenInput,
): Promise<ApiToken> {
  return inTransaction(db, async (trx) => {
    const before = await getApiToken(trx, tenantId, id)
    const changes = Object.fromEntries(
      Object.entries(input).filter(
        ([key, value]) => value !== undefined && value !== before[key as keyof ApiToken],
      ),
    )
    if (Object.keys(changes).length === 0) return before
    await tokens.updateApiToken(trx, id, changes)
    return { ...before, ...changes }
  })
}

/** Revokes at once: the next request with this token is a 401. Revoking twice is harmless. */
export async function revokeApiToken(
  db: Db,
  tenantId: string,
  id: string,
  now: Date,
): Promise<{ revokedAt: string; already: boolean }> {
  const row = await tokens.findApiTokenById(db, tenantId, id)
  if (!row) throw notFound('API token')
  // Revoked once: a second revoke keeps the first time.
  if (row.revokedAt) return { revokedAt: row.revokedAt, already: true }
  await tokens.markApiTokenRevoked(db, id, now.toISOString())
  return { revokedAt: now.toISOString(), already: false }
}

export interface AuthenticatedToken {
  tokenId: string
  /** What the token is called: the timeline names it as who made a change. */
  name: string
  tenantId: string
  scope: TokenScope
  rateLimitPerMinute: number
  /** The account that made it, whose current role bounds it; null for the CLI or the owner. */
  createdByAccountId: string | null
  /** When (ms) a use of it is next recorded as its last use. */
  nextUseRecordedAt: number
}

/** The live token matching `secret`, or null for anything unknown, malformed or revoked. */
export async function authenticateToken(
  db: Db,
  secret: string,
  now: Date,
): Promise<AuthenticatedToken | null> {
  if (!looksLikeToken(secret)) return null
  const hash = hashSecret(secret)
  // The lookup is by hash, so its timing tells nothing about the secret; the final comparison is
  // constant-time all the same.
  const row = await tokens.findApiTokenByHash(db, hash)
  if (!row || !sameDigest(row.tokenHash, hash) || row.revokedAt !== null) return null
  let lastUsed = row.lastUsedAt ? Date.parse(row.lastUsedAt) : 0
  if (now.getTime() - lastUsed >= lastUsedResolutionMs) {
    await tokens.markApiTokenUsed(db, row.id, now.toISOString())
    lastUsed = now.getTime()
  }
  return {
    tokenId: row.id,
    name: row.name,
    tenantId: row.tenantId,
    scope: row.scope,
    rateLimitPerMinute: row.ownRateLimit ?? row.rateLimitPerMinute,
    createdByAccountId: row.createdByAccountId,
    nextUseRecordedAt: lastUsed + lastUsedResolutionMs,
  }
}
