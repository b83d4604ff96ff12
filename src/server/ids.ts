import { randomFillSync } from 'node:crypto'
import { v7 } from 'uuid'

/**
 * A new record id: a UUID (RFC 9562) of version 7, which starts with the time it was made. Each
 * table's id index (and the events' indexes by id and by record) then grows at its right edge, so
 * a write dirties the pages the last write dirtied, not a random page of a million-entry index:
 * random (version 4) ids made every commit of a create write several more pages (bench/ W5).
 * Ids stay opaque to clients; nothing may read the time back out of one.
 */
export function newId(): string {
  const random = randomBytes16()
  const now = Date.now()
  // Ids made in the same millisecond still sort in the order they were made (RFC 9562, method 1:
  // a counter that starts at random each millisecond), as the package keeps them when it draws
  // the random bytes itself.
  if (now > last.msecs) {
    last.msecs = now
    last.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!
  } else {
    last.seq = (last.seq + 1) | 0
    if (last.seq === 0) last.msecs++
  }
  return v7({ msecs: last.msecs, seq: last.seq, random })
}

const last = { msecs: -Infinity, seq: 0 }

// The package asks the system for 16 random bytes per id (crypto.getRandomValues): 4% of a
// create's server time in a profile (bench/ W5 makes four ids a request). Drawn 4 KiB at a time.
const pool = new Uint8Array(4096)
let drawn = pool.length
function randomBytes16(): Uint8Array {
  if (drawn === pool.length) {
    randomFillSync(pool)
    drawn = 0
  }
  drawn += 16
  return pool.subarray(drawn - 16, drawn)
}

/**
 * A record's identity when it was made elsewhere (a replica, or the team server: sync/apply.ts):
 * the same id and creation time everywhere.
 */
export interface MadeElsewhere {
  id: string
  createdAt: string
}
