import { describe, expect, it } from 'vitest'
import { ApiError } from '../http/errors'
import { StartupError } from '../startup-error'
import { describeError } from './errors'

const coded = (code: string, extra: object = {}) =>
  Object.assign(new Error(`${code}: raw message`), { code, ...extra })

describe('describeError', () => {
  it('explains system and SQLite codes, wherever they sit in the causes', () => {
    expect(describeError(coded('ENOENT', { path: '/x/y.csv' }))).toBe(
      '/x/y.csv: no such file or folder; check the path',
    )
    const wrapped = new StartupError('database is locked', { cause: coded('SQLITE_BUSY') })
    expect(describeError(wrapped)).toMatch(/^the database is locked by another program/)
    expect(describeError(coded('SQLITE_NOTADB'))).toMatch(/not an Outpost database/)
  })

  it('keeps the message of errors written for users', () => {
    expect(describeError(new StartupError('no workspace named "X"'))).toBe('no workspace named "X"')
    expect(describeError(new ApiError('conflict', 'A workspace named X already exists'))).toBe(
      'A workspace named X already exists',
    )
  })

  it('an error nobody foresaw is still one sentence, with the way to learn more', () => {
    expect(describeError(new TypeError('x is not a function'))).toBe(
      'unexpected error: x is not a function (set OUTPOST_DEBUG=1 for details, and please report it)',
    )
    expect(describeError('a string')).toMatch(/^unexpected error: a string/)
  })
})
