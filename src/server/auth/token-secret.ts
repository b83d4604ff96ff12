import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

const tokenPrefix = 'op_'

/** A new API token: `op_` and 32 random bytes in base64url. Shown to its owner once. */
export function generateTokenSecret(): string {
  return tokenPrefix + randomBytes(32).toString('base64url')
}

/** What is stored instead of the token. */
export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

/** Enough of a token for a person to recognise it in a list, and far too little to use it. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, tokenPrefix.length + 6)
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Whether a string has the shape of one of our tokens, before any database lookup. */
export function looksLikeToken(value: string): boolean {
  return /^op_[A-Za-z0-9_-]{43}$/.test(value)
}
