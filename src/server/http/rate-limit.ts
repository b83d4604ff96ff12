import type { Clock } from '../clock'
import type { Db } from '../db/connection'
import { ApiError } from './errors'
import { countRequest, deleteEndedWindows } from './rate-limit-repository'

export const defaultRequestsPerMinute = 300
const windowMs = 60_000

export interface RateLimitResult {
  allowed: boolean
  limit: number
  remaining: number
  /** Seconds until the window resets. */
  resetSeconds: number
  headers: Record<string, string>
}

interface Window {
  startedAt: number
  count: number
}

/** What a key's window says of one more request: allowed or not, and the headers to answer. */
function resultOf(limit: number, startedAt: number, count: number, now: number): RateLimitResult {
  const allowed = count <= limit
  const remaining = Math.max(0, limit - count)
  const resetSeconds = Math.max(1, Math.ceil((startedAt + windowMs - now) / 1000))
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"default";q=${limit};w=${windowMs / 1000}`,
    RateLimit: `"default";r=${remaining};t=${resetSeconds}`,
  }
  if (!allowed) headers['Retry-After'] = String(resetSeconds)
  return { allowed, limit, remaining, resetSeconds, headers }
}

/** Counts requests per key (an API token, an inbound webhook, an address) in one-minute windows. */
export interface RateLimiter {
  /** Counts a request under `key` and lets it through, or throws the one 429 answer. */
  admit(key: string, limit: number): Promise<RateLimitResult>
}

/**
 * A fixed one-minute window per key (an API token, an inbound webhook). In memory: a server on a
 * SQLite file is one process on one machine, so there is nothing to share the counts with.
 *
 * Headers follow draft-ietf-httpapi-ratelimit-headers-10: `RateLimit-Policy: "default";q=300;w=60`
 * and `RateLimit: "default";r=299;t=42`.
 */
export function createRateLimiter(clock: Clock) {
  const windows = new Map<string, Window>()

  function sweep(now: number): void {
    for (const [key, window] of windows) {
      if (now - window.startedAt >= windowMs) windows.delete(key)
    }
  }

  function hit(key: string, limit: number): RateLimitResult {
    const now = clock.now().getTime()
    if (windows.size > 10_000) sweep(now)
    let window = windows.get(key)
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, count: 0 }
      windows.set(key, window)
    }
    window.count += 1
    return resultOf(limit, window.startedAt, window.count, now)
  }

  return {
    hit,
    admit: async (key: string, limit: number): Promise<RateLimitResult> => {
      const result = hit(key, limit)
      if (!result.allowed) throw rateLimited(result)
      return result
    },
  } satisfies RateLimiter & { hit: unknown }
}

// One request in this many also deletes the windows that ended, so the table stays small.
const sweepEvery = 1_000

/**
 * The same windows kept in the database, for several server processes on one PostgreSQL database
 * (docs/team-server.md): each request counts in one atomic statement, so the processes share one
 * limit per key.
 */
export function createSharedRateLimiter(db: Db, clock: Clock): RateLimiter {
  let requests = 0
  return {
    async admit(key, limit) {
      const now = clock.now().getTime()
      if (++requests % sweepEvery === 0) await deleteEndedWindows(db, now - windowMs)
      const { startedAt, count } = await countRequest(db, key, now, windowMs)
      const result = resultOf(limit, startedAt, count, now)
      if (!result.allowed) throw rateLimited(result)
      return result
    },
  }
}

/** The 429 every door answers past its limit, with when to retry. */
function rateLimited({ limit, resetSeconds, headers }: RateLimitResult): ApiError {
  return new ApiError(
    'rate_limited',
    `Rate limit of ${limit} requests per minute exceeded; retry in ${resetSeconds} s`,
    { retryAfterSeconds: resetSeconds },
    headers,
  )
}
