import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, eventFingerprint } from './cursor'

const database = '3f9c0a1b7d2e'

describe('change-feed cursor', () => {
  it('round-trips any position of a database, with the event there or none', () => {
    for (const seq of [0, 1, 42, 1_000_000, Number.MAX_SAFE_INTEGER]) {
      for (const event of ['', '5c8e1a2b']) {
        expect(decodeCursor(encodeCursor({ database, seq, event }))).toEqual({
          database,
          seq,
          event,
        })
      }
    }
  })

  it('still reads the cursors given out before they carried the database', () => {
    expect(decodeCursor('c2VxOjQy')).toEqual({ seq: 42 })
  })

  it('fingerprints an event by the random end of its id', () => {
    expect(eventFingerprint('0193a5c2-7f00-7abc-8def-0123456789ab')).toBe('456789ab')
  })

  it('does not show the seq in clear, so clients do not build cursors themselves', () => {
    expect(encodeCursor({ database, seq: 42, event: '' })).not.toContain('42')
  })

  it('rejects text that is not one of our cursors', () => {
    const valid = encodeCursor({ database, seq: 1, event: '' })
    const forged = (text: string) => Buffer.from(text).toString('base64url')
    for (const text of [
      '',
      '42',
      'abc',
      'now',
      valid + '!',
      'c2VxOi0x',
      'c2VxOjAx',
      forged('v2:xyz:1:'),
      forged(`v2:${database}:01:`),
      forged(`v2:${database}:1:zz`),
      forged(`v3:${database}:1:`),
    ]) {
      expect(decodeCursor(text), text).toBeNull()
    }
  })
})
