import type { Db } from './connection'
import { rootOf } from './handle-marks'

/** A row's place in a list newest first: its createdAt and id, which no update changes. */
export interface ListKey {
  createdAt: string
  id: string
}

/** Where a page can start: the key of the row just before it, and how many rows that is. */
export interface ListStart {
  position: number
  key: ListKey
}

/** Every this many rows, a checkpoint (the key of the 1000th, 2000th, ... row) for deep pages. */
export const checkpointEvery = 1000
/** Pages served per list whose end is remembered; a walk needs only the latest. */
const pageEndsKept = 10_000

/**
 * What one list (a workspace's people or its deals) knows of its own order while no row is added
 * or removed: where served pages ended, and checkpoints every 1000 rows. `changes` is the count of
 * inserts and deletes the positions were learned under; any other count makes them void.
 */
export class ListPositions {
  readonly #pageEnds = new Map<number, ListKey>()
  readonly #checkpoints: ListKey[] = []

  constructor(readonly changes: number) {}

  /** The known start nearest below or at `offset` (at most a checkpoint's span below it). */
  startFor(offset: number): ListStart | undefined {
    const end = this.#pageEnds.get(offset)
    if (end) return { position: offset, key: end }
    const reach = Math.min(Math.floor(offset / checkpointEvery), this.#checkpoints.length)
    if (reach === 0) return undefined
    return { position: reach * checkpointEvery, key: this.#checkpoints[reach - 1]! }
  }

  /** The last checkpoint known, from which more are found. */
  lastCheckpoint(): ListStart | undefined {
    const count = this.#checkpoints.length
    return count === 0
      ? undefined
      : { position: count * checkpointEvery, key: this.#checkpoints[count - 1]! }
  }

  addCheckpoint(key: ListKey): void {
    this.#checkpoints.push(key)
  }

  /** A page that ended after `position` rows ended at `key`. */
  rememberEnd(position: number, key: ListKey): void {
    if (this.#pageEnds.size >= pageEndsKept)
      this.#pageEnds.delete(this.#pageEnds.keys().next().value!)
    this.#pageEnds.set(position, key)
  }
}

// By database (a test opens many) and list. In memory only: a restart relearns them.
const known = new WeakMap<Db, Map<string, ListPositions>>()

/** The positions of one list, void and fresh when rows were added or removed since they were learned. */
export function listPositions(db: Db, list: string, changes: number): ListPositions {
  const root = rootOf(db)
  let lists = known.get(root)
  if (!lists) known.set(root, (lists = new Map()))
  let positions = lists.get(list)
  if (positions?.changes !== changes) lists.set(list, (positions = new ListPositions(changes)))
  return positions
}

/** Forgets every list's positions: the database under them was replaced (backups/restore.ts). */
export function forgetListPositions(db: Db): void {
  known.delete(rootOf(db))
}
