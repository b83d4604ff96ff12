import type { AuthContext } from '../app-env'
import type { Db } from '../db/connection'
import { isSessionLive } from '../sessions/service'
import { findApiTokenById } from './repository'

const sessionPrefix = 'session:'

/**
 * Whether the credential a request was authenticated with still holds: its token not revoked, its
 * session not ended. Long-lived responses (event streams) ask this as they go, so revoking a token
 * or signing out also ends the streams opened with it.
 */
export async function credentialIsLive(db: Db, auth: AuthContext, now: Date): Promise<boolean> {
  if (auth.tokenId.startsWith(sessionPrefix)) {
    return isSessionLive(db, auth.tokenId.slice(sessionPrefix.length), now)
  }
  const token = await findApiTokenById(db, auth.tenantId, auth.tokenId)
  return token !== undefined && token.revokedAt === null
}
