import { generateSecret, looksLikeSecret } from '../secrets'

const tokenPrefix = 'op_'

/** A new API token: `op_` and 32 random bytes in base64url. Shown to its owner once. */
export const generateTokenSecret = (): string => generateSecret(tokenPrefix)

/** Enough of a token for a person to recognise it in a list, and far too little to use it. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, tokenPrefix.length + 6)
}

/** Whether a string has the shape of one of our tokens, before any database lookup. */
export const looksLikeToken = (value: string): boolean => looksLikeSecret(value, tokenPrefix)
