import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// scrypt, memory-hard: N = 2^15, r = 8, p = 1 takes 32 MiB and about 50 ms per hash, OWASP's
// advice for scrypt; a 16-byte random salt per hash; 32-byte keys. The parameters are stored with
// each hash, so they can be raised later without locking anyone out.
const cost = { N: 2 ** 15, r: 8, p: 1 }
const keyLength = 32
// Node refuses 128 * N * r = 32 MiB under its default 32 MiB ceiling; give it room.
const maxmem = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, cost)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')]
    .map(String)
    .join('$')
}

/** Whether `password` is the one `stored` was made from; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * A hash of nothing anyone knows, checked when the e-mail is unknown, so a wrong e-mail takes as
 * long as a wrong password and the timing tells nobody which accounts exist.
 */
let decoy: Promise<string> | undefined
export const decoyHash = (): Promise<string> =>
  (decoy ??= hashPassword(randomBytes(16).toString('hex')))
