import { createHash } from 'node:crypto'

// A row's digest must not depend on the engine that answers it: SQLite keeps JSON as text where
// PostgreSQL may answer it parsed (jsonb, with its own key order), booleans may be 0/1 or
// false/true, and big integers numbers or strings. Each value is reduced to one plain form first.

function sortedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedJson)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedJson((value as Record<string, unknown>)[key])]),
    )
  }
  return value
}

function plainValue(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (Buffer.isBuffer(value)) return `x${value.toString('hex')}`
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') return JSON.stringify(sortedJson(value))
  const text = String(value)
  if (typeof value === 'string' && (text.startsWith('{') || text.startsWith('['))) {
    try {
      return JSON.stringify(sortedJson(JSON.parse(text)))
    } catch {
      return text
    }
  }
  return text
}

/** The first 8 bytes of the SHA-256 of a row's values in their plain form, as a number. */
export function rowDigest(values: readonly unknown[]): bigint {
  const hash = createHash('sha256')
    .update(JSON.stringify(values.map(plainValue)))
    .digest()
  return hash.readBigUInt64BE(0)
}

/** A table's checksum: the sum of its rows' digests (mod 2^64), whatever order they come in. */
export const addDigest = (sum: bigint, digest: bigint): bigint => (sum + digest) & (2n ** 64n - 1n)
