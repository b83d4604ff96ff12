import type { Clock } from '../../src/server/clock'

/** A clock that moves only when told to. */
export interface TestClock extends Clock {
  set(date: Date | string): void
  advance(ms: number): void
}

export function createTestClock(start: Date | string = '2026-11-22T12:00:00.000Z'): TestClock {
  let current = new Date(start).getTime()
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime()
    },
    advance: (ms) => {
      current += ms
    },
  }
}
