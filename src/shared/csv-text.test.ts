import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CsvTextDecoder, decodeCsvBytes } from './csv-text'

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0))
const utf8 = (text: string) => new TextEncoder().encode(text)

/** The text of `bytes` fed in chunks cut at `cuts`, and the encoding it was read in. */
function decodeInChunks(bytes: Uint8Array, cuts: number[]) {
  const decoder = new CsvTextDecoder()
  const ends = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b)
  let text = ''
  let start = 0
  for (const end of ends) {
    text += decoder.decode(bytes.subarray(start, end))
    start = end
  }
  text += decoder.decode(bytes.subarray(start), true)
  return { text, encoding: decoder.encoding, invalidBytes: decoder.invalidBytes }
}

describe('CsvTextDecoder', () => {
  it('reads UTF-8, with or without its byte-order mark', () => {
    expect(decodeCsvBytes(utf8('Nome\nJosé Conceição\n'))).toEqual({
      text: 'Nome\nJosé Conceição\n',
      encoding: 'utf-8',
    })
    expect(decodeCsvBytes(utf8('\uFEFFNome\nÅsa\n')).text).toBe('Nome\nÅsa\n')
  })

  it('reads a file that is not UTF-8 as Windows-1252, as Excel on Windows saves CSV', () => {
    // é, ç, ã as Latin-1 bytes, and € and “” where Windows-1252 has them (0x80, 0x93, 0x94).
    const bytes = latin1('Nome;Valor\nJos\xe9 Concei\xe7\xe3o;\x80 10 \x93a\x94\n')
    expect(decodeCsvBytes(bytes)).toEqual({
      text: 'Nome;Valor\nJosé Conceição;€ 10 “a”\n',
      encoding: 'windows-1252',
    })
  })

  it('reads UTF-16 by its byte-order mark (Excel’s "Unicode text")', () => {
    const text = 'Name\tE-mail\nZoë Ødegård\tzoe@example.no\n'
    const le = new Uint8Array(2 + text.length * 2)
    const be = new Uint8Array(2 + text.length * 2)
    le.set([0xff, 0xfe])
    be.set([0xfe, 0xff])
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i)
      le.set([unit & 0xff, unit >> 8], 2 + i * 2)
      be.set([unit >> 8, unit & 0xff], 2 + i * 2)
    }
    expect(decodeCsvBytes(le)).toEqual({ text, encoding: 'utf-16le' })
    expect(decodeInChunks(be, [1, 2, 5, 9])).toMatchObject({ text, encoding: 'utf-16be' })
  })

  it('the same text however the file arrives in chunks, in either encoding', () => {
    const text = 'Name,City\nAna,São Paulo\nBjörn,Malmö\nFrançoise,Besançon\n'
    const inLatin1 = latin1(text)
    const inUtf8 = utf8(text)
    fc.assert(
      fc.property(fc.array(fc.nat(200), { maxLength: 12 }), (cuts) => {
        expect(decodeInChunks(inUtf8, cuts)).toEqual({
          text,
          encoding: 'utf-8',
          invalidBytes: false,
        })
        expect(decodeInChunks(inLatin1, cuts)).toEqual({
          text,
          encoding: 'windows-1252',
          invalidBytes: false,
        })
      }),
    )
  })

  it('a Windows-1252 letter at the very end, or cut before it, is still read', () => {
    expect(decodeInChunks(latin1('Name\nJos\xe9'), [9]).text).toBe('Name\nJosé')
    expect(decodeInChunks(latin1('Name\nJos\xc3'), [8]).text).toBe('Name\nJosÃ')
  })

  it('bytes that are not UTF-8 after UTF-8 text read as � and are told', () => {
    const bytes = new Uint8Array([...utf8('Name\nJosé\n'), ...latin1('Ren\xe9\n')])
    expect(decodeInChunks(bytes, [11])).toEqual({
      text: 'Name\nJosé\nRen\ufffd\n',
      encoding: 'utf-8',
      invalidBytes: true,
    })
  })
})
