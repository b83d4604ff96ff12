import type { MiddlewareHandler } from 'hono'
import type { AppDeps, AppEnv } from '../app-env'
import type { Db } from '../db/connection'
import type { TokenScope } from '../db/database'
import { clientAddress } from '../http/client-address'
import { ApiError } from '../http/errors'
import { setAnswerHeaders } from '../http/answer-headers'
import { defaultRequestsPerMinute } from '../http/rate-limit'
import { actingAs } from '../events/actor'
import { authenticateSessionRequest } from '../sessions/request-auth'
import { authenticateToken, type AuthenticatedToken } from './service'
import { createTokenCache } from './token-cache'
import { accountPermissions } from '../accounts/lookup'
import { ownerOfMachine, type Permission } from '../../shared/permissions'

const realm = 'Bearer realm="outpost"'

const scopePermissions: Record<TokenScope, readonly Permission[]> = {
  api: ['records.read', 'records.write'],
  admin: ownerOfMachine,
}

/**
 * A token's rights: those of its scope, narrowed to its maker's current role in the workspace, so
 * demoting or removing that account narrows its tokens at once. Tokens of the CLI or the machine
 * owner have no maker and keep their scope's rights.
 */
async function tokenPermissions(deps: AppDeps, token: AuthenticatedToken) {
  const byScope = scopePermissions[token.scope]
  if (!token.createdByAccountId) return byScope
  const byRole = await accountPermissions(deps.db, token.createdByAccountId, token.tenantId)
  return byScope.filter((permission) => byRole.includes(permission))
}

const tokenCallers = createTokenCache<{
  token: AuthenticatedToken
  permissions: readonly Permission[]
  /** The database, for this token: made once, with what else is kept of it. */
  db: Db
}>()

/** The live token of `secret` and what it may do now, or null. */
function tokenCaller(deps: AppDeps, secret: string) {
  const now = deps.clock.now()
  return tokenCallers(deps.db, secret, now, async () => {
    const token = await authenticateToken(deps.db, secret, now)
    if (!token) return null
    const permissions = await tokenPermissions(deps, token)
    const db = actingAs(deps.db, { kind: 'token', name: token.name })
    return { value: { token, permissions, db }, until: token.nextUseRecordedAt }
  })
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer[ ]+(\S+)\s*$/i)
  return match?.[1] ?? null
}

/**
 * Authenticates the bearer token, counts the request against its rate limit, and checks its scope.
 * Requests without a valid token are counted per client address, so guessing tokens is throttled
 * too. Every response, errors included, carries the RateLimit headers. A request without an
 * Authorization header may instead carry the UI's session cookie (see sessions/request-auth.ts).
 * Either way it sets the caller's permissions, which access/middleware.ts then checks.
 */
export function requireToken(deps: AppDeps, scope: TokenScope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.req.header('authorization') ? null : await authenticateSessionRequest(c, deps)
    if (session) {
      c.set('auth', session.auth)
      c.set('db', actingAs(deps.db, session.actor))
      await next()
      setAnswerHeaders(c, session.rateLimitHeaders)
      session.finish(c)
      return
    }
    const secret = bearerToken(c.req.header('authorization'))
    const caller = secret ? await tokenCaller(deps, secret) : null
    const token = caller?.token
    const limit = token
      ? await deps.rateLimiter.admit(`token:${token.tokenId}`, token.rateLimitPerMinute)
      : await deps.rateLimiter.admit(`address:${clientAddress(c)}`, defaultRequestsPerMinute)
    if (!token) {
      const challenge = secret
        ? `${realm}, error="invalid_token", error_description="The token is unknown or revoked"`
        : realm
      throw new ApiError(
        'unauthorized',
        secret
          ? 'The bearer token is unknown or revoked'
          : 'Send your API token as Authorization: Bearer <token>',
        undefined,
        { ...limit.headers, 'WWW-Authenticate': challenge },
      )
    }
    if (scope === 'admin' && token.scope !== 'admin') {
      throw new ApiError(
        'forbidden',
        'This token has the api scope; the management API needs an admin token',
        undefined,
        {
          ...limit.headers,
          'WWW-Authenticate': `${realm}, error="insufficient_scope", scope="admin"`,
        },
      )
    }

    c.set('auth', {
      tenantId: token.tenantId,
      tokenId: token.tokenId,
      scope: token.scope,
      permissions: caller.permissions,
      accountId: token.createdByAccountId,
      principal: { kind: 'token', id: token.tokenId, name: token.name },
    })
    c.set('db', caller.db)
    await next()
    setAnswerHeaders(c, limit.headers)
  }
}
