// This process's hybrid logical clock (docs/sync-protocol.md, section 1), one per database: the
// clock of each local write, later than every clock the process has made or received.
import { randomBytes } from 'node:crypto'
import { compareHlc, formatHlc, parseHlc, receive, tick, type Hlc } from '../../shared/sync/hlc'
import type { Db } from '../db/connection'

interface NodeClock {
  last: Hlc | undefined
}

// Keyed by the database's adapter, which its transactions share: one clock per opened database.
const clocks = new WeakMap<object, NodeClock>()

function clockOf(db: Db): NodeClock {
  const adapter = db.getExecutor().adapter
  let clock = clocks.get(adapter)
  if (!clock) clocks.set(adapter, (clock = { last: undefined }))
  return clock
}

/**
 * A node id for a database that is no replica: random for each process, so two server processes
 * (or the CLI beside a server) never make the same clock.
 */
export const processNode = `s${randomBytes(8).toString('hex')}`

/**
 * The clock of a local write on `node` at `now`: later than the last one this process made or
 * received, and later than `floor` (the newest clock the record already has), so a write always
 * wins over the writes it follows, whatever process made them.
 */
export function nextClock(db: Db, node: string, now: Date, floor?: string): string {
  const clock = clockOf(db)
  let next = tick(clock.last && { ...clock.last, node }, now.getTime(), node)
  if (floor !== undefined) {
    const seen = parseHlc(floor)
    if (compareHlc(seen, next) >= 0) next = receive(next, seen, now.getTime())
  }
  clock.last = next
  return formatHlc(next)
}

/** Takes a clock from elsewhere (a pushed or pulled change) in, so later local writes follow it. */
export function receiveClock(db: Db, remote: string, now: Date): void {
  const clock = clockOf(db)
  const seen = parseHlc(remote)
  clock.last = clock.last ? receive(clock.last, seen, now.getTime()) : seen
}
