// Read-ahead for clients walking a list page after page, as the spec's clients do for their first
// full pagination: once a page that follows the one before it is answered, the rows of the next
// are read while the client is busy with this one, and the next request takes them instead of
// reading them itself (bench/ W4). Only on the SQLite file, whose change stamp tells for certain
// that nothing was written since they were read; any write makes them void.
import { changeStamp, type Db } from './connection'
import { rootOf } from './handle-marks'
import type { ListStart } from './list-positions'

/** Rows read ahead from a start, under the change stamp they were read at. */
interface Ahead {
  reads: object
  start: ListStart
  limit: number
  stamp: number
  rows: unknown[]
}

interface ListWalk {
  /** Where the last page served ended, to tell a page that follows it. */
  lastEnd?: ListStart
  ahead?: Ahead
}

// By database and list, as list-positions.ts keeps them.
const walks = new WeakMap<Db, Map<string, ListWalk>>()

function walkOf(db: Db, list: string): ListWalk {
  const root = rootOf(db)
  let lists = walks.get(root)
  if (!lists) walks.set(root, (lists = new Map()))
  let walk = lists.get(list)
  if (!walk) lists.set(list, (walk = {}))
  return walk
}

const sameStart = (a: ListStart, b: ListStart) =>
  a.position === b.position && a.key.createdAt === b.key.createdAt && a.key.id === b.key.id

/**
 * The rows read ahead for a page of `limit` rows (or more) from `start` by `reads`, taken once, when
 * nothing has been written since they were read; otherwise undefined.
 */
export function takeRowsAhead<R>(
  db: Db,
  list: string,
  reads: object,
  start: ListStart,
  limit: number,
): R[] | undefined {
  const walk = walkOf(db, list)
  const ahead = walk.ahead
  if (!ahead) return undefined
  walk.ahead = undefined
  const fits = ahead.reads === reads && ahead.limit >= limit && sameStart(ahead.start, start)
  return fits && ahead.stamp === changeStamp(db) ? (ahead.rows.slice(0, limit) as R[]) : undefined
}

/** A page served: what read it, where it started (none: the top) and where the next one starts. */
export interface ServedPage {
  reads: object
  start: ListStart | undefined
  next: ListStart | null
  /** How many rows to read ahead, and how. */
  limit: number
  read: (from: ListStart, limit: number) => Promise<unknown[]>
}

/**
 * Records a page served. When it followed the page served before it, the next page's rows are read
 * once this request's answer is on its way, from the root database (never in a transaction).
 */
export function servedPage(db: Db, list: string, page: ServedPage): void {
  const walk = walkOf(db, list)
  const walking = !!page.start && !!walk.lastEnd && sameStart(walk.lastEnd, page.start)
  walk.lastEnd = page.next ?? undefined
  const from = page.next
  // No change stamp (PostgreSQL): nothing could tell the rows still true.
  if (!walking || !from || changeStamp(db) === null) return
  setImmediate(() => {
    const stamp = changeStamp(db)
    page.read(from, page.limit).then(
      (rows) => {
        // A write between the stamp and the read would make the rows older than the stamp says.
        if (stamp !== null && changeStamp(db) === stamp) {
          walk.ahead = { reads: page.reads, start: from, limit: page.limit, stamp, rows }
        }
      },
      // Only a speed-up: a database closed meanwhile leaves the next page to be read as usual.
      () => {},
    )
  })
}
