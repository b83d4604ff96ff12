// Where the sealing key lives: never in the database it seals. `outpost serve` keeps it in a file
// of the data folder readable by the user alone (0600); the desktop app keeps it encrypted by the
// operating system's keychain (Electron safeStorage, passed in by src/main/index.ts) in the same file.

import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { StartupError } from '../startup-error'

export interface KeyStore {
  /** The key, or null when there is none yet. Throws when it exists but cannot be read. */
  load(): Buffer | null
  save(key: Buffer): void
}

export const keyFileName = 'secrets.key'

/** How a key store turns the key into the file's bytes and back. */
export interface KeyWrapping {
  wrap(key: Buffer): Buffer
  unwrap(bytes: Buffer): Buffer
}

const keychainMark = 'keychain:'

const plainFile: KeyWrapping = {
  wrap: (key) => Buffer.from(`${key.toString('base64')}\n`),
  unwrap(bytes) {
    const text = bytes.toString('utf8').trim()
    if (text.startsWith(keychainMark)) {
      throw new StartupError(
        "the key that seals this folder's secrets is locked in the desktop app's keychain; " +
          'run Outpost from the desktop app, or use another data folder',
      )
    }
    return Buffer.from(text, 'base64')
  },
}

/**
 * The key file's bytes encrypted by the operating system's keychain (Electron's safeStorage in
 * the desktop app): `keychain:` and base64. A plain file (made by `outpost serve`) still reads.
 */
export interface Keychain {
  encrypt(text: string): Buffer
  decrypt(bytes: Buffer): string
}

export function keychainWrapping(keychain: Keychain): KeyWrapping {
  return {
    wrap: (key) =>
      Buffer.from(
        `${keychainMark}${keychain.encrypt(key.toString('base64')).toString('base64')}\n`,
      ),
    unwrap(bytes) {
      const text = bytes.toString('utf8').trim()
      if (!text.startsWith(keychainMark)) return plainFile.unwrap(bytes)
      return Buffer.from(
        keychain.decrypt(Buffer.from(text.slice(keychainMark.length), 'base64')),
        'base64',
      )
    },
  }
}

/** The key file in `dataDir`, mode 0600, its bytes wrapped by `wrapping` (plain base64 unless told). */
export function fileKeyStore(dataDir: string, wrapping: KeyWrapping = plainFile): KeyStore {
  const file = join(dataDir, keyFileName)
  return {
    load() {
      if (!existsSync(file)) return null
      // Readable by others (copied by hand, unpacked from an archive): made private again.
      if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
      const key = wrapping.unwrap(readFileSync(file))
      if (key.length !== 32) throw new Error(`${file} does not hold a 256-bit key`)
      return key
    },
    save(key) {
      writeFileSync(file, wrapping.wrap(key), { mode: 0o600 })
      chmodSync(file, 0o600)
    },
  }
}
