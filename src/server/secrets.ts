import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

// Every bearer secret Outpost mints: API tokens (`op_`), inbound webhook URL tokens (`in_`), session
// cookies and login links (no prefix). One way to make them, store them and check them.
// (Outbound signing secrets are Standard Webhooks' `whsec_` + base64, see webhooks-out.)

const shape = /^[A-Za-z0-9_-]{43}$/

/** `prefix` and 32 random bytes (256 bits) in base64url. Shown to its owner once. */
export function generateSecret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url')
}

/** What is stored instead of a secret: its SHA-256, in hex. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Whether a string has the shape of `generateSecret(prefix)`'s output, before any lookup. */
export function looksLikeSecret(value: string, prefix = ''): boolean {
  return value.startsWith(prefix) && shape.test(value.slice(prefix.length))
}
