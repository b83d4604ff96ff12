import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  capFuture,
  compareHlc,
  formatHlc,
  isHlcText,
  maxHlcCounter,
  maxHlcDriftMs,
  parseHlc,
  receive,
  tick,
  type Hlc,
} from './hlc'

const day = 24 * 60 * 60 * 1000
const now = Date.UTC(2026, 10, 25, 10, 0)
const laptop = '3f9a1c2b7d4e5f60'

const nodeArb = fc.constantFrom('server', laptop, '0000000000000001', 'a', 'ab')
const hlcArb: fc.Arbitrary<Hlc> = fc.record({
  ms: fc.oneof(
    fc.integer({ min: 0, max: 10 }),
    fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  ),
  counter: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: maxHlcCounter })),
  node: nodeArb,
})
const sign = (n: number) => Math.sign(n)

describe('formatHlc and parseHlc', () => {
  it('write the clock as the sortable text of the protocol', () => {
    expect(formatHlc({ ms: 1764098000123, counter: 3, node: laptop })).toBe(
      '0001764098000123-0003-3f9a1c2b7d4e5f60',
    )
    expect(formatHlc({ ms: 0, counter: 0xffff, node: 'server' })).toBe(
      '0000000000000000-ffff-server',
    )
  })

  it('read back exactly the clock that was written, and write back exactly the text read', () => {
    fc.assert(
      fc.property(hlcArb, (hlc) => {
        expect(parseHlc(formatHlc(hlc))).toEqual(hlc)
        expect(formatHlc(parseHlc(formatHlc(hlc)))).toBe(formatHlc(hlc))
      }),
    )
  })

  it('sort as text in the order of the clocks themselves: ms, then counter, then node', () => {
    fc.assert(
      fc.property(hlcArb, hlcArb, (a, b) => {
        const [x, y] = [formatHlc(a), formatHlc(b)]
        expect(sign(x < y ? -1 : x > y ? 1 : 0)).toBe(sign(compareHlc(a, b)))
      }),
    )
  })

  it('refuse texts that are not clocks, saying what a clock looks like', () => {
    for (const text of [
      '',
      'yesterday',
      '1764098000123-0003-3f9a1c2b7d4e5f60', // ms not padded
      '0001764098000123-3-3f9a1c2b7d4e5f60', // counter not padded
      '0001764098000123-000A-3f9a1c2b7d4e5f60', // uppercase hex sorts differently
      '0001764098000123-0003-3F9A1C2B7D4E5F60',
      '0001764098000123-0003-', // no node
      '0001764098000123-00003-node',
      '0001764098000123-0003-node-2',
      '9999999999999999-0000-node', // past what a number holds exactly
      ' 0001764098000123-0003-node',
      '0001764098000123-0003-node\n',
    ]) {
      expect(() => parseHlc(text), text).toThrow(/is not a clock: expected 16 digits/)
      expect(isHlcText(text), text).toBe(false)
    }
    expect(isHlcText('0001764098000123-0003-3f9a1c2b7d4e5f60')).toBe(true)
  })

  it('refuse to write a clock no text can hold', () => {
    expect(() => formatHlc({ ms: -1, counter: 0, node: 'a' })).toThrow(RangeError)
    expect(() => formatHlc({ ms: 1.5, counter: 0, node: 'a' })).toThrow(RangeError)
    expect(() => formatHlc({ ms: 1, counter: 0x10000, node: 'a' })).toThrow(/counter/)
    expect(() => formatHlc({ ms: 1, counter: 0, node: '' })).toThrow(/node id/)
    expect(() => formatHlc({ ms: 1, counter: 0, node: 'Laptop-A' })).toThrow(/node id/)
  })
})

describe('tick', () => {
  it('starts at the wall time with counter 0', () => {
    expect(tick(undefined, now, laptop)).toEqual({ ms: now, counter: 0, node: laptop })
  })

  it('follows the wall clock when it moved on, and counts events within one millisecond', () => {
    const first = tick(undefined, now, laptop)
    expect(tick(first, now + 7, laptop)).toEqual({ ms: now + 7, counter: 0, node: laptop })
    expect(tick(first, now, laptop)).toEqual({ ms: now, counter: 1, node: laptop })
  })

  it('keeps counting on its last clock when the wall clock went back', () => {
    const last = { ms: now, counter: 4, node: laptop }
    expect(tick(last, now - day, laptop)).toEqual({ ms: now, counter: 5, node: laptop })
  })

  it('moves to the next millisecond when the counter is full, rather than failing', () => {
    const full = { ms: now, counter: maxHlcCounter, node: laptop }
    expect(tick(full, now, laptop)).toEqual({ ms: now + 1, counter: 0, node: laptop })
    expect(formatHlc(tick(full, now, laptop)) > formatHlc(full)).toBe(true)
  })

  it('always gives a later clock than the last, whatever the wall clock does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: now - day, max: now + day }), { maxLength: 50 }),
        (walls) => {
          let last: Hlc | undefined
          for (const wall of walls) {
            const next = tick(last, wall, laptop)
            if (last) expect(compareHlc(next, last)).toBeGreaterThan(0)
            last = next
          }
        },
      ),
    )
  })

  it('refuses a wall time that is not one', () => {
    expect(() => tick(undefined, Number.NaN, laptop)).toThrow(RangeError)
    expect(() => tick(undefined, -1, laptop)).toThrow(RangeError)
  })
})

describe('receive', () => {
  const mine = { ms: now, counter: 2, node: laptop }

  it('jumps to a remote clock ahead of it, one count past the remote', () => {
    expect(receive(mine, { ms: now + 50, counter: 7, node: 'server' }, now)).toEqual({
      ms: now + 50,
      counter: 8,
      node: laptop,
    })
  })

  it('counts past the larger counter when both clocks share the ms', () => {
    expect(receive(mine, { ms: now, counter: 9, node: 'server' }, now)).toEqual({
      ms: now,
      counter: 10,
      node: laptop,
    })
    expect(receive(mine, { ms: now, counter: 0, node: 'server' }, now)).toEqual({
      ms: now,
      counter: 3,
      node: laptop,
    })
  })

  it('takes the wall time with counter 0 when the wall is ahead of both', () => {
    expect(receive(mine, { ms: now - 5, counter: 9, node: 'server' }, now + 10)).toEqual({
      ms: now + 10,
      counter: 0,
      node: laptop,
    })
  })

  it('moves to the next millisecond when the counter is full', () => {
    const full = { ms: now, counter: maxHlcCounter, node: 'server' }
    expect(receive(mine, full, now)).toEqual({ ms: now + 1, counter: 0, node: laptop })
  })

  it('never goes back and passes what it received, with clocks skewed a day either way', () => {
    const skew = fc.integer({ min: -day, max: day })
    const event = fc.oneof(
      fc.record({ kind: fc.constant('local' as const), wall: skew }),
      fc.record({
        kind: fc.constant('remote' as const),
        wall: skew,
        remoteSkew: skew,
        counter: fc.integer({ min: 0, max: maxHlcCounter }),
        node: nodeArb,
      }),
    )
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 40 }), (events) => {
        let last = tick(undefined, now, laptop)
        for (const e of events) {
          let next: Hlc
          if (e.kind === 'local') {
            next = tick(last, now + e.wall, laptop)
          } else {
            const remote = { ms: now + e.remoteSkew, counter: e.counter, node: e.node }
            next = receive(last, remote, now + e.wall)
            expect(compareHlc(next, remote)).toBeGreaterThan(0)
          }
          expect(compareHlc(next, last)).toBeGreaterThan(0)
          last = next
        }
      }),
    )
  })
})

describe('capFuture', () => {
  it('rewrites a clock a day ahead to server now + 5 minutes, same counter and node', () => {
    const ahead = { ms: now + day, counter: 3, node: laptop }
    expect(capFuture(ahead, now)).toEqual({ ms: now + maxHlcDriftMs, counter: 3, node: laptop })
    expect(formatHlc(capFuture(ahead, now))).toBe(
      `${String(now + 5 * 60 * 1000).padStart(16, '0')}-0003-${laptop}`,
    )
  })

  it('leaves alone a clock within the drift, or behind the server', () => {
    const behind = { ms: now - day, counter: 1, node: laptop }
    const slightlyAhead = { ms: now + maxHlcDriftMs, counter: 1, node: laptop }
    expect(capFuture(behind, now)).toBe(behind)
    expect(capFuture(slightlyAhead, now)).toBe(slightlyAhead)
    expect(capFuture({ ms: now + 1001, counter: 0, node: 'a' }, now, 1000)).toEqual({
      ms: now + 1000,
      counter: 0,
      node: 'a',
    })
  })

  it('never answers a clock later than server now + drift, and never throws', () => {
    fc.assert(
      fc.property(
        hlcArb,
        fc.integer({ min: 0, max: 2 ** 50 }),
        fc.integer({ min: 0, max: day }),
        (remote, serverNow, drift) => {
          const capped = capFuture(remote, serverNow, drift)
          expect(capped.ms).toBeLessThanOrEqual(serverNow + drift)
          expect(capped.counter).toBe(remote.counter)
          expect(capped.node).toBe(remote.node)
          expect(capped.ms === remote.ms || remote.ms > serverNow + drift).toBe(true)
          expect(isHlcText(formatHlc(capped))).toBe(true)
        },
      ),
    )
  })
})
