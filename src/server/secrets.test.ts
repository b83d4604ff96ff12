import { describe, expect, it } from 'vitest'
import { generateSecret, hashSecret, looksLikeSecret, sameDigest } from './secrets'

describe('secrets', () => {
  it('mints 256-bit secrets that are recognised by their prefix and shape', () => {
    const token = generateSecret('in_')
    expect(token).toMatch(/^in_[A-Za-z0-9_-]{43}$/)
    expect(looksLikeSecret(token, 'in_')).toBe(true)
    expect(looksLikeSecret(token, 'op_')).toBe(false)
    expect(looksLikeSecret(`${token}x`, 'in_')).toBe(false)
    expect(looksLikeSecret(generateSecret())).toBe(true)
    expect(generateSecret()).not.toBe(generateSecret())
  })

  it('stores a digest and compares digests, never the secret', () => {
    const secret = generateSecret('op_')
    const stored = hashSecret(secret)
    expect(stored).toMatch(/^[0-9a-f]{64}$/)
    expect(sameDigest(stored, hashSecret(secret))).toBe(true)
    expect(sameDigest(stored, hashSecret(`${secret}x`))).toBe(false)
    expect(sameDigest(stored, 'abc')).toBe(false)
  })
})
