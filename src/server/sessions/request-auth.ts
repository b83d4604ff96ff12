import type { Context } from 'hono'
import type { AppDeps, AuthContext, Principal } from '../app-env'
import { findAccount, findMembership } from '../accounts/lookup'
import type { Actor } from '../events/actor'
import { ApiError, notFound } from '../http/errors'
import { findUser } from '../users/lookup'
import { getWorkspace } from '../workspaces/service'
import { ownerOfMachine, rolePermissions } from '../../shared/permissions'
import { readSessionCookie, writeSessionCookie } from './cookie'
import { authenticateSession } from './service'

/** The header in which the UI names the workspace each request acts on. */
export const workspaceHeader = 'X-Outpost-Workspace'

/**
 * Header naming the user of the workspace who works in this browser (Settings → Users → "This is
 * me"), so the changes made in the app are told as theirs. Only the machine owner's session may
 * say who it is; a signed-in account acts as the user of its membership. A name that is not a user
 * of the workspace is ignored.
 */
export const userHeader = 'X-Outpost-User'

/**
 * The UI is its owner's, not a script, so the API's 300 per minute would only get in the way of a
 * busy board; this ceiling still stops a runaway page.
 */
export const sessionRequestsPerMinute = 3000

/** How the audit log names the machine owner's sessions. */
export const machineOwnerName = 'Owner of this computer'

export interface SessionRequest {
  auth: AuthContext
  rateLimitHeaders: Record<string, string>
  /** Whose changes these are: the account's user, the user named in `X-Outpost-User`, "the app". */
  actor: Actor
  /** Sends the cookie again after the response when the session's expiry moved. */
  finish(c: Context): void
}

/**
 * Authenticates a request by its session cookie, or returns null when it has no live one. The
 * workspace is named in `X-Outpost-Workspace`; that custom header also stops cross-site form
 * posts, since no other origin may send it without a CORS preflight, which this server never
 * grants. The machine owner's session reaches every workspace with every permission; an account's
 * session only the workspaces it is a member of (others answer 404, as unknown ones do), with its
 * role's permissions.
 */
export async function authenticateSessionRequest(
  c: Context,
  deps: AppDeps,
): Promise<SessionRequest | null> {
  const secret = readSessionCookie(c)
  if (!secret) return null
  const session = await authenticateSession(deps.db, secret, deps.clock.now())
  if (!session) return null
  const limit = await deps.rateLimiter.admit(`session:${session.id}`, sessionRequestsPerMinute)
  const workspaceId = c.req.header(workspaceHeader)
  if (!workspaceId) {
    throw new ApiError(
      'workspace_required',
      `Requests signed in with a session must name their workspace in ${workspaceHeader}`,
      { field: workspaceHeader },
      limit.headers,
    )
  }
  const workspace = await getWorkspace(deps.db, workspaceId)
  const base = {
    tenantId: workspace.id,
    tokenId: `session:${session.id}`,
    scope: 'admin' as const,
  }
  const finish = (context: Context) => {
    if (session.extended) writeSessionCookie(context, secret)
  }

  if (session.accountId) {
    const [account, membership] = await Promise.all([
      findAccount(deps.db, session.accountId),
      findMembership(deps.db, session.accountId, workspace.id),
    ])
    if (!account || !membership) throw notFound('Workspace')
    const user = membership.userId
      ? await findUser(deps.db, workspace.id, membership.userId)
      : undefined
    const principal: Principal = { kind: 'account', id: account.id, name: account.name }
    return {
      auth: {
        ...base,
        permissions: rolePermissions[membership.role],
        accountId: account.id,
        principal,
      },
      actor: user ? { kind: 'user', id: user.id, name: user.name } : { kind: 'ui' },
      rateLimitHeaders: limit.headers,
      finish,
    }
  }

  const userId = c.req.header(userHeader)
  const user = userId ? await findUser(deps.db, workspace.id, userId) : undefined
  return {
    auth: {
      ...base,
      permissions: ownerOfMachine,
      accountId: null,
      principal: { kind: 'owner', id: null, name: machineOwnerName },
    },
    actor: user ? { kind: 'user', id: user.id, name: user.name } : { kind: 'ui' },
    rateLimitHeaders: limit.headers,
    finish,
  }
}
