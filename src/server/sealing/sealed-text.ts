// Credentials Outpost must be able to read back (outbound signing secrets, the ngrok token) are
// sealed with AES-256-GCM under a key kept outside the database (key-store.ts): a copy of the
// database file alone forges no delivery and opens no tunnel. A sealed value names its key by id,
// so a value sealed under a key this process does not hold reads as unreadable, never as garbage.

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db/connection'

const prefix = 'sealed:v1:'

// The keys this process holds, by id: several servers on several data folders may share a process
// (tests), each with its own key.
const keyring = new Map<string, Buffer>()

/** A key's id: the start of its SHA-256, safe to store beside the values it seals. */
export const keyIdOf = (key: Buffer): string =>
  createHash('sha256').update(key).digest('hex').slice(0, 16)

/** Makes `key` available for sealing and unsealing in this process; answers its id. */
export function holdKey(key: Buffer): string {
  const id = keyIdOf(key)
  keyring.set(id, key)
  return id
}

/** Forgets a key when its server closes: a later start on the folder holds only its own key. */
export function releaseKey(id: string): void {
  keyring.delete(id)
}

export const isSealed = (value: string): boolean => value.startsWith(prefix)

export function sealWithKey(key: Buffer, text: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  const payload = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
  return `${prefix}${keyIdOf(key)}:${payload}`
}

/**
 * The text of a sealed value, or null when this process holds no key that opens it. A value that
 * is not sealed (written before sealing, not yet converted) is returned as it is.
 */
export function unseal(value: string): string | null {
  if (!isSealed(value)) return value
  const [id, payload] = value.slice(prefix.length).split(':')
  const key = keyring.get(id ?? '')
  if (!key || !payload) return null
  const bytes = Buffer.from(payload, 'base64url')
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null // altered, or sealed under another key with the same id prefix
  }
}

/** The key this database's values are sealed under (sealing/prepare.ts records it at start). */
async function databaseKey(db: Db): Promise<Buffer> {
  const { rows } = await sql<{
    id: string | null
  }>`select sealing_key_id as id from database_identity`.execute(db)
  const key = keyring.get(rows[0]?.id ?? '')
  if (!key) throw new Error('No sealing key is held for this database: it was opened without one')
  return key
}

/** Seals `text` under the database's key, to be stored. */
export async function seal(db: Db, text: string): Promise<string> {
  return sealWithKey(await databaseKey(db), text)
}
