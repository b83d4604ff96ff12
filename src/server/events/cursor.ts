// A change-feed cursor is a position in the commit order (an events.seq), wrapped so that clients
// treat it as opaque: the encoding may change without breaking them.
const prefix = 'seq:'

/** The opaque cursor for "after the event with this seq". */
export function encodeCursor(seq: number): string {
  return Buffer.from(`${prefix}${seq}`, 'utf8').toString('base64url')
}

/** The seq a cursor stands for, or null when the text is not a cursor of ours. */
export function decodeCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return null
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  if (!text.startsWith(prefix)) return null
  const digits = text.slice(prefix.length)
  if (!/^(0|[1-9]\d{0,15})$/.test(digits)) return null
  const seq = Number(digits)
  return Number.isSafeInteger(seq) ? seq : null
}
