import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './cursor'

describe('change-feed cursor', () => {
  it('round-trips any position in the commit order', () => {
    for (const seq of [0, 1, 42, 1_000_000, Number.MAX_SAFE_INTEGER]) {
      expect(decodeCursor(encodeCursor(seq))).toBe(seq)
    }
  })

  it('does not show the seq in clear, so clients do not build cursors themselves', () => {
    expect(encodeCursor(42)).not.toContain('42')
  })

  it('rejects text that is not one of our cursors', () => {
    for (const text of ['', '42', 'abc', 'now', encodeCursor(1) + '!', 'c2VxOi0x', 'c2VxOjAx']) {
      expect(decodeCursor(text), text).toBeNull()
    }
  })
})
