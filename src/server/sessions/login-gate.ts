import { hashSecret, sameDigest } from '../secrets'

/**
 * The desktop app's way into a session: the secret its main process hands its window, valid for
 * the whole launch (so a reloaded window signs in again) and kept only in memory. Login links,
 * which another process may mint, live in the database instead (see service.ts).
 */
export interface LoginGate {
  /** True when the desktop app's secret was given to the server and `candidate` is it. */
  matchesDesktopSecret(candidate: string): boolean
}

export function createLoginGate(options: { desktopSecret?: string } = {}): LoginGate {
  const desktopHash = options.desktopSecret ? hashSecret(options.desktopSecret) : null
  return {
    matchesDesktopSecret(candidate) {
      return desktopHash !== null && sameDigest(desktopHash, hashSecret(candidate))
    },
  }
}
