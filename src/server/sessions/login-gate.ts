import { generateSecret, hashSecret, sameDigest } from './secret'

/**
 * The two ways into a session, both valid for one launch of the server and kept only in memory:
 * the login link `outpost serve` prints (works once), and the secret the desktop app's main
 * process hands its window (works for the whole launch, so a reloaded window signs in again).
 */
export interface LoginGate {
  /** The secret of this launch's login link: `/login?token=<loginSecret>`. */
  readonly loginSecret: string
  /** True the first time the login secret is presented, false for anything else. */
  consumeLoginSecret(candidate: string): boolean
  /** True when the desktop app's secret was given to the server and `candidate` is it. */
  matchesDesktopSecret(candidate: string): boolean
}

export function createLoginGate(options: { desktopSecret?: string } = {}): LoginGate {
  const loginSecret = generateSecret()
  let loginHash: string | null = hashSecret(loginSecret)
  const desktopHash = options.desktopSecret ? hashSecret(options.desktopSecret) : null
  return {
    loginSecret,
    consumeLoginSecret(candidate) {
      if (loginHash === null || !sameDigest(loginHash, hashSecret(candidate))) return false
      loginHash = null
      return true
    },
    matchesDesktopSecret(candidate) {
      return desktopHash !== null && sameDigest(desktopHash, hashSecret(candidate))
    },
  }
}
