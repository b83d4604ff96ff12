// A change-feed cursor: a position in one database's commit order, wrapped so that clients treat
// it as opaque and the encoding may change without breaking them. It carries the database's
// identity (db/identity.ts) and a fingerprint of the event at its position, so a cursor that no
// longer matches the file (restored, replaced, or put back in place) is told apart from a live one.

export interface FeedPosition {
  /** After the event with this seq. */
  seq: number
  /** The database identity the cursor was given out by; absent in cursors from before it existed. */
  database?: string
  /** The last 8 hex digits of the event at `seq`, empty when there was none. */
  event?: string
}

const current = /^v2:([0-9a-f]{12}):(0|[1-9]\d{0,15}):([0-9a-f]{8})?$/
const legacy = /^seq:(0|[1-9]\d{0,15})$/

/** The fingerprint of an event: the random end of its id. */
export const eventFingerprint = (eventId: string): string => eventId.replace(/-/g, '').slice(-8)

/** The opaque cursor for "after the event at this position". */
export function encodeCursor(position: Required<FeedPosition>): string {
  const text = `v2:${position.database}:${position.seq}:${position.event}`
  return Buffer.from(text, 'utf8').toString('base64url')
}

/** The position a cursor stands for, or null when the text is not a cursor of ours. */
export function decodeCursor(cursor: string): FeedPosition | null {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(cursor)) return null
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const match = current.exec(text)
  if (match) {
    const seq = Number(match[2])
    if (!Number.isSafeInteger(seq)) return null
    return { seq, database: match[1]!, event: match[3] ?? '' }
  }
  const old = legacy.exec(text)
  if (!old) return null
  const seq = Number(old[1])
  return Number.isSafeInteger(seq) ? { seq } : null
}
