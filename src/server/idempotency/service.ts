// Stripe's idempotency, for REST writes and inbound deliveries alike: the first request with a key
// runs and its answer is kept for 24 hours; a retry with the same key gets that answer again; a
// duplicate sent while the first is still running waits for it. See docs/decisions.md.

import { setTimeout as sleep } from 'node:timers/promises'
import type { Db } from '../db/connection'
import * as keys from './repository'

export const keyLifetimeMs = 24 * 60 * 60 * 1000
/** How long a duplicate waits for the first request before it is told to retry later. */
const waitLimitMs = 30_000
const pollMs = 25

export interface StoredAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

export type Claim =
  /** This request runs; its answer is then kept (keepAnswer) or the key let go (releaseKey). */
  | { kind: 'run' }
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key was used for a different request. */
  | { kind: 'mismatch' }
  /** The first request is still running after the wait limit. */
  | { kind: 'busy' }

/**
 * Claims `key` in `scope` for a request whose method, path and body hash to `requestHash`. With
 * `sameRequestOnly` false (a sender's delivery id), a different body is a replay rather than a
 * mismatch: providers resend the same event, reformatted or not.
 */
export async function claimKey(
  db: Db,
  claim: { scope: string; key: string; requestHash: string; sameRequestOnly: boolean },
  clock: { now(): Date },
): Promise<Claim> {
  const deadline = Date.now() + waitLimitMs
  for (;;) {
    const now = clock.now()
    await keys.deleteExpiredKeys(db, now.toISOString())
    const taken = await keys.insertRunningKey(db, {
      scope: claim.scope,
      key: claim.key,
      requestHash: claim.requestHash,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + keyLifetimeMs).toISOString(),
    })
    if (taken) return { kind: 'run' }
    const row = await keys.findKey(db, claim.scope, claim.key)
    // Let go a moment ago (the first request failed): try to take it again.
    if (!row) continue
    // An inbound delivery's id taken in before its body was hashed (an upgrade within the
    // key's 24 hours) has none: its retry is answered as one.
    const hashed = row.requestHash !== ''
    if (claim.sameRequestOnly && hashed && row.requestHash !== claim.requestHash) {
      return { kind: 'mismatch' }
    }
    if (row.state === 'done') {
      return {
        kind: 'replay',
        answer: {
          status: row.status ?? 200,
          headers: JSON.parse(row.headers ?? '{}') as Record<string, string>,
          body: row.body ?? '',
        },
      }
    }
    if (Date.now() > deadline) return { kind: 'busy' }
    await sleep(pollMs)
  }
}

export const keepAnswer = (db: Db, scope: string, key: string, answer: StoredAnswer) =>
  keys.storeAnswer(db, scope, key, { ...answer, headers: JSON.stringify(answer.headers) })

/** Lets the key go without an answer: the request did not run to an end worth replaying. */
export const releaseKey = (db: Db, scope: string, key: string) => keys.deleteKey(db, scope, key)
