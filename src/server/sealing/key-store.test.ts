// The key file: private to the user, wrapped by the keychain in the desktop app. Electron's
// safeStorage cannot run under Node, so a stand-in keychain (reversible, not plain) takes its place.
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { fileKeyStore, keychainWrapping, keyFileName } from './key-store'

const dirs: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-key-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

const keychain = keychainWrapping({
  encrypt: (text) => Buffer.from([...Buffer.from(text)].map((byte) => byte ^ 0x5a)),
  decrypt: (bytes) => Buffer.from([...bytes].map((byte) => byte ^ 0x5a)).toString(),
})

describe('the sealing key file', () => {
  it('is written readable by the user alone, and made so again when found open to others', () => {
    const dir = folder()
    const key = randomBytes(32)
    const store = fileKeyStore(dir)
    expect(store.load()).toBeNull()
    store.save(key)
    const file = join(dir, keyFileName)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    chmodSync(file, 0o644)
    expect(store.load()).toEqual(key)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('in the desktop app, holds the key only as the keychain encrypted it', () => {
    const dir = folder()
    const key = randomBytes(32)
    fileKeyStore(dir, keychain).save(key)
    const text = readFileSync(join(dir, keyFileName), 'utf8')
    expect(text).toMatch(/^keychain:/)
    expect(text).not.toContain(key.toString('base64'))
    expect(fileKeyStore(dir, keychain).load()).toEqual(key)
    // The CLI cannot open it, and says why instead of making another key.
    expect(() => fileKeyStore(dir).load()).toThrow(/locked in the desktop app's keychain/)
  })

  it('a plain key file (made by outpost serve) still opens in the desktop app', () => {
    const dir = folder()
    const key = randomBytes(32)
    fileKeyStore(dir).save(key)
    expect(fileKeyStore(dir, keychain).load()).toEqual(key)
  })

  it('refuses a file that holds no 256-bit key', () => {
    const dir = folder()
    writeFileSync(join(dir, keyFileName), 'c2hvcnQ=\n', { mode: 0o600 })
    expect(() => fileKeyStore(dir).load()).toThrow(/does not hold a 256-bit key/)
  })
})
