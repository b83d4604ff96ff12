// Record ids sort in the order they were made: lists break ties of equal times by id.
import { expect, it } from 'vitest'
import { newId } from './ids'

it('makes distinct version 7 ids that sort in the order they were made, within a millisecond too', () => {
  // A hundred thousand ids take a few milliseconds: most share their millisecond with others.
  const ids = Array.from({ length: 100_000 }, newId)
  expect(new Set(ids).size).toBe(ids.length)
  expect(
    ids.every((id) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id),
    ),
  ).toBe(true)
  expect(ids.every((id, n) => n === 0 || ids[n - 1]! < id)).toBe(true)
})
