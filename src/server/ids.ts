import { v7 } from 'uuid'

/**
 * A new record id: a UUID (RFC 9562) of version 7, which starts with the time it was made. Each
 * table's id index (and the events' indexes by id and by record) then grows at its right edge, so
 * a write dirties the pages the last write dirtied, not a random page of a million-entry index:
 * random (version 4) ids made every commit of a create write several more pages (bench/ W5).
 * Ids stay opaque to clients; nothing may read the time back out of one.
 */
export const newId = (): string => v7()

/**
 * A record's identity when it was made elsewhere (a replica, or the team server: sync/apply.ts):
 * the same id and creation time everywhere.
 */
export interface MadeElsewhere {
  id: string
  createdAt: string
}
