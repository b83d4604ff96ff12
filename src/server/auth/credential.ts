import type { AuthContext } from '../app-env'
import type { Db } from '../db/connection'
import { isSessionLive } from '../sessions/service'
import { findApiTokenById } from './repository'
import { findMembership } from '../accounts/lookup'

const sessionPrefix = 'session:'

/** Whether a request was signed in with a session (the UI) rather than an API token. */
export const bySession = (auth: Pick<AuthContext, 'tokenId'>) =>
  auth.tokenId.startsWith(sessionPrefix)

/**
 * Whether the credential a request was authenticated with still holds: its token not revoked, its
 * session not ended, its account still a member of the workspace. Long-lived responses (event streams) ask this as they go, so revoking a token
 * or signing out also ends the streams opened with it.
 */
export async function credentialIsLive(db: Db, auth: AuthContext, now: Date): Promise<boolean> {
  // An account taken out of the workspace ends its streams too, session or token.
  if (auth.accountId && !(await findMembership(db, auth.accountId, auth.tenantId))) return false
  if (bySession(auth)) {
    return isSessionLive(db, auth.tokenId.slice(sessionPrefix.length), now)
  }
  const token = await findApiTokenById(db, auth.tenantId, auth.tokenId)
  return token !== undefined && token.revokedAt === null
}
