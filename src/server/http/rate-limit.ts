import type { Clock } from '../clock'
import { ApiError } from './errors'

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

/**
 * A fixed one-minute window per key (an API token, an inbound webhook). In memory: the server is
 * one process on one machine, so there is nothing to share the counts with.
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
    const allowed = window.count <= limit
    const remaining = Math.max(0, limit - window.count)
    const resetSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000))
    const headers: Record<string, string> = {
      'RateLimit-Policy': `"default";q=${limit};w=${windowMs / 1000}`,
      RateLimit: `"default";r=${remaining};t=${resetSeconds}`,
    }
    if (!allowed) headers['Retry-After'] = String(resetSeconds)
    return { allowed, limit, remaining, resetSeconds, headers }
  }

  return {
    hit,
    /** Counts a request under `key` and lets it through, or throws the one 429 answer. */
    admit(key: string, limit: number): RateLimitResult {
      const result = hit(key, limit)
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

export type RateLimiter = ReturnType<typeof createRateLimiter>
