import { randomUUID } from 'node:crypto'
import { inTransaction, type Db } from '../db/connection'
import * as sessions from './repository'
import { generateSecret, hashSecret, looksLikeSecret, sameDigest } from '../secrets'

/** How long a session lasts without use; each day of use pushes the end back. */
export const sessionLifetimeMs = 30 * 86_400_000
/**
 * However much it is used, a session ends this long after it began (OWASP's absolute timeout): a
 * cookie taken from a browser does not work for ever, and a member removed from a device's
 * browser signs in again. The desktop window opens a new one at each launch, unnoticed.
 */
export const sessionMaxAgeMs = 90 * 86_400_000
// Extending on every request would turn each read into a write; once a day is plenty.
const refreshAfterMs = 86_400_000

export interface Session {
  id: string
  expiresAt: string
}

export interface NewSession extends Session {
  /** The cookie value. It exists only in the response that sets the cookie. */
  secret: string
}

/**
 * Opens a session, for an account or (without one) the machine's owner, and sweeps out the expired
 * ones.
 */
export async function createSession(
  db: Db,
  now: Date,
  accountId: string | null = null,
): Promise<NewSession> {
  const secret = generateSecret()
  const row = {
    id: randomUUID(),
    secretHash: hashSecret(secret),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + sessionLifetimeMs).toISOString(),
    lastSeenAt: now.toISOString(),
    accountId,
  }
  await sessions.deleteSessionsExpiredBefore(db, row.createdAt)
  await sessions.insertSession(db, row)
  return { id: row.id, expiresAt: row.expiresAt, secret }
}

export interface ActiveSession extends Session {
  /** The signed-in account; null for the machine's owner. */
  accountId: string | null
  /** True when this request pushed the expiry back, so the cookie should be sent again. */
  extended: boolean
}

/** The live session whose cookie value is `secret`, or null for anything unknown or expired. */
export async function authenticateSession(
  db: Db,
  secret: string,
  now: Date,
): Promise<ActiveSession | null> {
  if (!looksLikeSecret(secret)) return null
  const hash = hashSecret(secret)
  const row = await sessions.findSessionByHash(db, hash)
  if (!row || !sameDigest(row.secretHash, hash)) return null
  if (Date.parse(row.expiresAt) <= now.getTime()) return null
  if (now.getTime() - Date.parse(row.lastSeenAt) < refreshAfterMs) {
    return { id: row.id, expiresAt: row.expiresAt, accountId: row.accountId, extended: false }
  }
  const end = Math.min(
    now.getTime() + sessionLifetimeMs,
    Date.parse(row.createdAt) + sessionMaxAgeMs,
  )
  const expiresAt = new Date(end).toISOString()
  await sessions.extendSession(db, row.id, { expiresAt, lastSeenAt: now.toISOString() })
  return { id: row.id, expiresAt, accountId: row.accountId, extended: true }
}

/** Signs out: the cookie stops working at once. */
export async function endSession(db: Db, secret: string): Promise<void> {
  if (looksLikeSecret(secret)) await sessions.deleteSessionByHash(db, hashSecret(secret))
}

/** Whether the session with this id still exists and has not expired (for long-lived requests). */
export async function isSessionLive(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await sessions.findSessionById(db, id)
  return row !== undefined && Date.parse(row.expiresAt) > now.getTime()
}

/**
 * How long a login link works. Long enough for a link printed at start to be opened after lunch,
 * short enough that one found in an old terminal scrollback has gone stale.
 */
export const loginLinkLifetimeMs = 24 * 3_600_000

export interface LoginLink {
  /** The secret of `/login?token=<secret>`. It exists only in the answer of this call. */
  secret: string
  expiresAt: string
}

/**
 * Mints a one-time login link, for an account (`outpost login-link --user EMAIL`) or the machine's
 * owner. It is kept in the database, hashed, so a link minted by `outpost login-link` in another
 * process works on the running server.
 */
export async function createLoginLink(
  db: Db,
  now: Date,
  accountId: string | null = null,
): Promise<LoginLink> {
  const secret = generateSecret()
  const expiresAt = new Date(now.getTime() + loginLinkLifetimeMs).toISOString()
  await inTransaction(db, async (trx) => {
    await sessions.deleteLoginLinksExpiredBefore(trx, now.toISOString())
    await sessions.insertLoginLink(trx, {
      id: randomUUID(),
      secretHash: hashSecret(secret),
      createdAt: now.toISOString(),
      expiresAt,
      accountId,
    })
  })
  return { secret, expiresAt }
}

/**
 * Uses a login link: opens a session when `secret` is a live link, which then stops working;
 * null for anything unknown, used or expired. One transaction, so two browsers racing with the
 * same link get one session between them.
 */
export async function openSessionWithLoginLink(
  db: Db,
  secret: string,
  now: Date,
): Promise<NewSession | null> {
  if (!looksLikeSecret(secret)) return null
  const hash = hashSecret(secret)
  return inTransaction(db, async (trx) => {
    const link = await sessions.takeLoginLinkByHash(trx, hash)
    if (!link || !sameDigest(link.secretHash, hash)) return null
    if (Date.parse(link.expiresAt) <= now.getTime()) return null
    return createSession(trx, now, link.accountId)
  })
}
