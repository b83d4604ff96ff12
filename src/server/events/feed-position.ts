// Feed cursors as this database gives them out, and the checks a cursor passes before a read
// starts from it: the same database, a position it has reached, the same event there, not pruned.

import type { Db } from '../db/connection'
import { databaseIdentity } from '../db/identity'
import { ApiError } from '../http/errors'
import { encodeCursor, eventFingerprint, type FeedPosition } from './cursor'
import * as events from './repository'
import { findPrunedThrough } from './retention'

/**
 * The cursor for "after the event with this seq", with the fingerprint of the caller's own event
 * there (`eventId`, or the fingerprint a cursor already carried). Never looked up: the event at a
 * seq may be another workspace's (a team server numbers every workspace's events in one order),
 * and a cursor must not carry a piece of its id.
 */
export async function cursorAt(
  db: Db,
  seq: number,
  own?: { eventId: string } | { fingerprint: string },
): Promise<string> {
  const fingerprint = !own ? '' : 'eventId' in own ? eventFingerprint(own.eventId) : own.fingerprint
  return encodeCursor({ database: await databaseIdentity(db), seq, event: fingerprint })
}

/**
 * The last event of a range read for one workspace, when the range ends on it rather than past
 * other workspaces' events: what names a cursor at the range's end.
 */
export function endingEvent(range: {
  events: readonly { seq: number; id: string }[]
  nextSeq: number
}): { eventId: string } | undefined {
  const last = range.events.at(-1)
  return last?.seq === range.nextSeq ? { eventId: last.id } : undefined
}

/** The cursor of this moment: after the newest committed event. */
export async function latestCursor(db: Db): Promise<string> {
  return cursorAt(db, await events.findLatestSeq(db))
}

/** Why a cursor does not fit this database as it now is, or null when it does. */
async function mismatch(db: Db, position: FeedPosition): Promise<string | null> {
  if (position.database !== undefined && position.database !== (await databaseIdentity(db))) {
    return 'was given out by another copy of the database, or before it was restored'
  }
  if (position.seq > (await events.findHighestSeq(db))) {
    return 'points past the newest event: the database was restored to an earlier state'
  }
  if (position.event) {
    const id = await events.findEventIdAt(db, position.seq)
    if (id && eventFingerprint(id) !== position.event) {
      return 'points at an event the database no longer has there: it was restored and written since'
    }
  }
  return null
}

/**
 * Passes a cursor a read may start from, or throws how to resynchronise: 409 cursor_invalidated
 * when the cursor does not fit this database (restored, replaced, copied), 410 cursor_expired when
 * events after it were pruned. Both answers carry `resumeCursor`, the cursor of this moment: copy
 * the current state, then read on from it.
 */
export async function assertCursorLive(
  db: Db,
  tenantId: string,
  position: FeedPosition,
  field: string,
): Promise<void> {
  const why = await mismatch(db, position)
  const prunedThrough = why ? 0 : await findPrunedThrough(db, tenantId)
  if (!why && position.seq >= prunedThrough) return
  const resumeCursor = await cursorAt(db, await events.findLatestSeq(db))
  const resynchronise =
    'Resynchronise: list /api/v1/people and /api/v1/deals, then read the feed from ' +
    'details.resumeCursor (taken before the listing, so no change is missed).'
  if (why) {
    throw new ApiError('cursor_invalidated', `This cursor ${why}. ${resynchronise}`, {
      field,
      resumeCursor,
    })
  }
  throw new ApiError(
    'cursor_expired',
    'Events after this cursor were pruned (older than the workspace keeps them). ' + resynchronise,
    { field, prunedThrough, resumeCursor },
  )
}
