import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 32 random bytes in base64url: a session cookie value or a per-launch login secret. */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** What is stored or kept in memory instead of a secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Whether a string has the shape of `generateSecret`'s output, before any lookup. */
export function looksLikeSecret(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value)
}
