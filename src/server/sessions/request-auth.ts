import type { Context } from 'hono'
import type { AppDeps, AuthContext } from '../app-env'
import { ApiError } from '../http/errors'
import { getWorkspace } from '../workspaces/service'
import { readSessionCookie, writeSessionCookie } from './cookie'
import { authenticateSession } from './service'

/** The header in which the UI names the workspace each request acts on. */
export const workspaceHeader = 'X-Outpost-Workspace'

/**
 * The UI is its owner's, not a script, so the API's 300 per minute would only get in the way of a
 * busy board; this ceiling still stops a runaway page.
 */
export const sessionRequestsPerMinute = 3000

export interface SessionRequest {
  auth: AuthContext
  rateLimitHeaders: Record<string, string>
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
  const limit = deps.rateLimiter.admit(`session:${session.id}`, sessionRequestsPerMinute)
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
  return {
    auth: { tenantId: workspace.id, tokenId: `session:${session.id}`, scope: 'admin' },
    rateLimitHeaders: limit.headers,
    finish: (context) => {
      if (session.extended) writeSessionCookie(context, secret)
    },
  }
}
