import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit'

function clockAt(start: number) {
  let now = start
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) }
}

describe('createRateLimiter', () => {
  it('allows `limit` hits per minute and key, then refuses with Retry-After until the window ends', () => {
    const clock = clockAt(0)
    const limiter = createRateLimiter(clock)
    for (let i = 0; i < 3; i++) expect(limiter.hit('a', 3).allowed).toBe(true)
    clock.advance(20_000)
    const refused = limiter.hit('a', 3)
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 40 })
    expect(refused.headers).toEqual({
      'RateLimit-Policy': '"default";q=3;w=60',
      RateLimit: '"default";r=0;t=40',
      'Retry-After': '40',
    })
    expect(limiter.hit('b', 3).allowed).toBe(true)
    clock.advance(40_000)
    expect(limiter.hit('a', 3)).toMatchObject({ allowed: true, remaining: 2 })
  })
})
