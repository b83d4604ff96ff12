// The hybrid logical clock of docs/sync-protocol.md, section 1. Its text form sorts as the triple
// (ms, counter, node) does, so SQLite, PostgreSQL and this code all compare clocks as plain text.

/** A hybrid logical clock: wall milliseconds, a counter within that millisecond, the node id. */
export interface Hlc {
  readonly ms: number
  readonly counter: number
  readonly node: string
}

/**
 * The largest counter (4 hex digits). An event that would need one more moves the clock to the
 * next millisecond with counter 0 instead: still later than every clock it follows, at the cost
 * of running 1 ms ahead of the wall until the wall catches up (65,536 events in one millisecond).
 */
export const maxHlcCounter = 0xffff

/** How far ahead of the server's wall time a clock is believed: 5 minutes (see capFuture). */
export const maxHlcDriftMs = 5 * 60 * 1000

// 16 digits hold up to 9999999999999999, but only integers up to 2^53 - 1 are exact in a number.
const maxMs = Number.MAX_SAFE_INTEGER
const nodePattern = /^[0-9a-z]{1,64}$/
const textPattern = /^(\d{16})-([0-9a-f]{4})-([0-9a-z]{1,64})$/

/**
 * The clock as sortable text: `0001764098000123-0003-3f9a1c2b7d4e5f60` (ms zero-padded to 16
 * digits, the counter as 4 lowercase hex digits, the node id). Comparing two texts gives the same
 * answer as compareHlc. Throws a RangeError for a value no text can hold.
 */
export function formatHlc(hlc: Hlc): string {
  checkHlc(hlc)
  const ms = String(hlc.ms).padStart(16, '0')
  const counter = hlc.counter.toString(16).padStart(4, '0')
  return `${ms}-${counter}-${hlc.node}`
}

/** Whether a text is a clock parseHlc accepts. */
export function isHlcText(text: string): boolean {
  const match = textPattern.exec(text)
  return match !== null && Number(match[1]) <= maxMs
}

/**
 * The clock a text holds. Throws an Error naming the text and the expected form when it is not
 * one: 16 digits, `-`, 4 lowercase hex digits, `-`, a node id of 1 to 64 lowercase letters and
 * digits (uppercase hex would sort differently, so it is refused rather than accepted).
 */
export function parseHlc(text: string): Hlc {
  const match = textPattern.exec(text)
  const ms = Number(match?.[1])
  if (!match || ms > maxMs) {
    throw new Error(
      `${JSON.stringify(text)} is not a clock: expected 16 digits of milliseconds, "-", ` +
        '4 lowercase hex digits of counter, "-", a node id of 1 to 64 lowercase letters and digits',
    )
  }
  return { ms, counter: parseInt(match[2] ?? '', 16), node: match[3] ?? '' }
}

/** Negative, zero or positive as `a` is before, equal to or after `b` (ms, counter, node). */
export function compareHlc(a: Hlc, b: Hlc): number {
  if (a.ms !== b.ms) return a.ms < b.ms ? -1 : 1
  if (a.counter !== b.counter) return a.counter < b.counter ? -1 : 1
  return a.node === b.node ? 0 : a.node < b.node ? -1 : 1
}

/**
 * The clock of a local event on `node` at wall time `nowMs`, given the node's last clock
 * (`undefined` before its first event): `(max(last.ms, now), counter + 1 or 0)`. Always later
 * than `last`, even when the wall clock went back; a full counter advances the ms (maxHlcCounter).
 */
export function tick(last: Hlc | undefined, nowMs: number, node: string): Hlc {
  const now = wallMs(nowMs)
  checkNode(node)
  if (last === undefined) return { ms: now, counter: 0, node }
  checkHlc(last)
  if (now > last.ms) return { ms: now, counter: 0, node }
  return advance(last.ms, last.counter + 1, node)
}

/**
 * The node's clock after receiving a `remote` clock at wall time `nowMs`: the greatest of the
 * three ms, with the larger counter + 1 of the clocks at that ms (0 if only the wall is there).
 * Later than both `last` and `remote`; keeps `last`'s node. A server caps a pushed clock with
 * capFuture before receiving it, or its own clock would jump as far ahead as the sender's.
 */
export function receive(last: Hlc, remote: Hlc, nowMs: number): Hlc {
  const now = wallMs(nowMs)
  checkHlc(last)
  checkHlc(remote)
  const ms = Math.max(last.ms, remote.ms, now)
  let counter = -1
  if (last.ms === ms) counter = last.counter
  if (remote.ms === ms) counter = Math.max(counter, remote.counter)
  return advance(ms, counter + 1, last.node)
}

/**
 * A pushed clock as the server accepts it: unchanged up to `serverNowMs + maxDriftMs`, otherwise
 * moved back to exactly that ms with the same counter and node. Never throws: the server refuses
 * no mutation for its clock (docs/sync-protocol.md, section 1).
 */
export function capFuture(remote: Hlc, serverNowMs: number, maxDriftMs = maxHlcDriftMs): Hlc {
  const limit = Math.max(0, Math.floor(serverNowMs + maxDriftMs))
  return remote.ms > limit ? { ms: limit, counter: remote.counter, node: remote.node } : remote
}

function advance(ms: number, counter: number, node: string): Hlc {
  return counter > maxHlcCounter ? { ms: ms + 1, counter: 0, node } : { ms, counter, node }
}

function wallMs(nowMs: number): number {
  if (!Number.isFinite(nowMs) || nowMs < 0 || nowMs > maxMs) {
    throw new RangeError(`${nowMs} is not a wall time in milliseconds`)
  }
  return Math.floor(nowMs)
}

function checkNode(node: string): void {
  if (!nodePattern.test(node)) {
    throw new RangeError(
      `${JSON.stringify(node)} is not a node id: 1 to 64 lowercase letters and digits`,
    )
  }
}

function checkHlc(hlc: Hlc): void {
  if (!Number.isSafeInteger(hlc.ms) || hlc.ms < 0) {
    throw new RangeError(`${hlc.ms} is not a clock's milliseconds`)
  }
  if (!Number.isInteger(hlc.counter) || hlc.counter < 0 || hlc.counter > maxHlcCounter) {
    throw new RangeError(`${hlc.counter} is not a clock's counter (0 to ${maxHlcCounter})`)
  }
  checkNode(hlc.node)
}
