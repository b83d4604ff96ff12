import type { Context } from 'hono'
import type { AppDeps, AuthContext } from '../app-env'
import type { Actor } from '../events/actor'
import { ApiError } from '../http/errors'
import { findUser } from '../users/lookup'
import { getWorkspace } from '../workspaces/service'
import { readSessionCookie, writeSessionCookie } from './cookie'
import { authenticateSession } from './service'

/** The header in which the UI names the workspace each request acts on. */
export const workspaceHeader = 'X-Outpost-Workspace'

/**
 * Header naming the user of the workspace who works in this browser (Settings → Users → "This is
 * me"), so the changes made in the app are told as theirs. Until team accounts, a session is the
 * laptop's owner's and may say who they are; a name that is not a user of the workspace is ignored.
 */
export const userHeader = 'X-Outpost-User'

/**
 * The UI is its owner's, not a script, so the API's 300 per minute would only get in the way of a
 * busy board; this ceiling still stops a runaway page.
 */
export const sessionRequestsPerMinute = 3000

export interface SessionRequest {
  auth: AuthContext
  rateLimitHeaders: Record<string, string>
  /** Whose changes these are: the user named in `X-Outpost-User`, else "the app". */
  actor: Actor
  /** Sends the cookie again after the response when the session's expiry moved. */
  finish(c: Context): void
}

/**
 * Authenticates a request by its session cookie, or returns null when it has no live one. A
 * session may act on any workspace of the data folder, named in `X-Outpost-Workspace`; that custom
 * header also stops cross-site form posts, since no other origin may send it without a CORS
 * preflight, which this server never grants.
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
  const userId = c.req.header(userHeader)
  const user = userId ? await findUser(deps.db, workspace.id, userId) : undefined
  return {
    auth: { tenantId: workspace.id, tokenId: `session:${session.id}`, scope: 'admin' },
    actor: user ? { kind: 'user', id: user.id, name: user.name } : { kind: 'ui' },
    rateLimitHeaders: limit.headers,
    finish: (context) => {
      if (session.extended) writeSessionCookie(context, secret)
    },
  }
}
