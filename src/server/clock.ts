/** Where the server reads the time; tests inject their own so nothing waits on a real clock. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
