import { describe, expect, it } from 'vitest'
import { maxAttempts, nextRetryDelay, parseRetryAfter } from './retry-schedule'

const s = 1_000
const min = 60 * s
const h = 60 * min

describe('retry schedule', () => {
  it('follows Standard Webhooks: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the first try', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((failed) => nextRetryDelay(failed, null))
    expect(delays).toEqual([5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h])
    expect(maxAttempts).toBe(8)
  })

  it('gives up after the eighth failed attempt', () => {
    expect(nextRetryDelay(8, null)).toBeNull()
  })

  it('waits as long as Retry-After asks when that is longer than the schedule', () => {
    expect(nextRetryDelay(1, 120 * s)).toBe(120 * s)
    expect(nextRetryDelay(2, 1 * s)).toBe(5 * min)
  })

  it('caps a Retry-After at one day', () => {
    expect(nextRetryDelay(1, 30 * 24 * h)).toBe(24 * h)
  })

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-11-22T12:00:00.000Z')
    expect(parseRetryAfter('120', now)).toBe(120 * s)
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:01:30 GMT', now)).toBe(90 * s)
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter(null, now)).toBeNull()
  })
})
