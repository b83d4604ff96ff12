import type { SessionState } from '../../../shared/session'
import { ApiRequestError } from '../api/client'
import { session } from '../api/endpoints'

/**
 * The session, opening one first in the desktop app: its window holds a per-launch secret that
 * the server trades for a session cookie. In a browser, a missing session is a 401 that the
 * sign-in page explains.
 */
export async function loadSession(): Promise<SessionState> {
  try {
    return await session.get()
  } catch (error) {
    const secret = window.outpost?.sessionSecret
    if (!(error instanceof ApiRequestError) || error.status !== 401 || !secret) throw error
    await session.exchangeDesktopSecret(secret)
    return session.get()
  }
}
