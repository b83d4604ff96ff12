import { accessStamp, type Db } from '../db/connection'
import { rootOf } from '../db/handle-marks'
import { hashSecret } from '../secrets'

interface Entry<T> {
  /** The database's access stamp read before `value` was computed. */
  stamp: number
  value: T
  /** Past this time (ms) the value is computed again: the token's last use is due to be written. */
  until: number
}

// Enough for every token a workspace uses at once; past it the cache starts again rather than
// growing with requests that each bring a different valid token.
const maxEntries = 1000

/**
 * What a token's request needs to know (an API token and its rights; an inbound webhook's URL
 * token and its webhook), kept by the token's hash while what says who may do what is unchanged:
 * a token looked up on every request cost a third of a GET by id's time (bench/ W1), and a
 * write's request as much. A write of this process to the tokens, workspaces, accounts, roles or
 * inbound webhooks, a rollback, or any commit by another process on the file (the CLI revoking
 * the token) changes the access stamp (db/connection.ts) and so drops every entry at once;
 * services do not have to say which of their writes touch tokens, roles, webhooks or rate limits.
 * On PostgreSQL, where other servers write unseen, nothing is kept. Unknown tokens are never kept.
 */
export function createTokenCache<T>() {
  const entries = new WeakMap<Db, Map<string, Entry<T>>>()

  return async function cached(
    db: Db,
    secret: string,
    now: Date,
    compute: () => Promise<{ value: T; until: number } | null>,
  ): Promise<T | null> {
    const stamp = accessStamp(db)
    if (stamp === null) return (await compute())?.value ?? null
    const root = rootOf(db)
    let kept = entries.get(root)
    if (!kept) entries.set(root, (kept = new Map()))
    const key = hashSecret(secret)
    const entry = kept.get(key)
    if (entry && entry.stamp === stamp && now.getTime() < entry.until) return entry.value
    const computed = await compute()
    if (!computed) {
      kept.delete(key)
      return null
    }
    if (kept.size >= maxEntries) kept.clear()
    kept.set(key, { stamp, ...computed })
    return computed.value
  }
}
