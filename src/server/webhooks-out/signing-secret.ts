import { randomBytes } from 'node:crypto'

const prefix = 'whsec_'

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function generateSigningSecret(): string {
  return prefix + randomBytes(32).toString('base64')
}

/** The HMAC key a `whsec_` secret stands for. */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(prefix) ? secret.slice(prefix.length) : secret, 'base64')
}
