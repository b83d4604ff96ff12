const second = 1_000
const minute = 60 * second
const hour = 60 * minute

/**
 * The Standard Webhooks schedule: the first attempt at once, then a retry this long after each
 * failure. After the last one fails, the event is given up for that subscription.
 */
export const retryDelaysMs: readonly number[] = [
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  10 * hour,
]

export const maxAttempts = retryDelaysMs.length + 1

/** A subscription whose deliveries keep failing this long is disabled. */
export const disableAfterFailingMs = 5 * 24 * hour

// A receiver may ask for a pause with Retry-After, but not for one longer than this.
const maxRetryAfterMs = 24 * hour

/**
 * How long to wait before the next attempt after `failedAttempts` failures, or null when the
 * schedule is used up. A Retry-After longer than the schedule's delay is honoured (up to a day).
 */
export function nextRetryDelay(failedAttempts: number, retryAfterMs: number | null): number | null {
  const scheduled = retryDelaysMs[failedAttempts - 1]
  if (scheduled === undefined) return null
  return Math.max(scheduled, Math.min(retryAfterMs ?? 0, maxRetryAfterMs))
}

/** Retry-After as seconds or as an HTTP date, in milliseconds from `now`; null when absent or bad. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (!value) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * second
  const date = Date.parse(text)
  if (Number.isNaN(date)) return null
  return Math.max(0, date - now.getTime())
}
