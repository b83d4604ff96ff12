import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sniffDelimiter } from '../../shared/csv-text'
import { readCsvRows, type CsvRow } from './csv-records'

async function rowsOf(text: string | Uint8Array[]): Promise<CsvRow[]> {
  const rows: CsvRow[] = []
  const chunks = typeof text === 'string' ? [text] : text
  for await (const row of readCsvRows(
    (async function* () {
      yield* chunks
    })(),
  )) {
    rows.push(row)
  }
  return rows
}

type Kind = 'good' | 'stray' | 'unclosed' | 'extra' | 'truncated' | 'blank'

interface Spec {
  kind: Kind
  values: [string, string, string]
}

// Values start with a letter: a quote followed by a delimiter could close a quote left open
// lines above, which is valid CSV of another meaning that no reader can tell apart.
const cellText = fc.stringMatching(/^[A-Za-z0-9 @.,;\t|"\n-]{0,12}$/).map((text) => `v${text}`)

function quote(value: string, delimiter: string): string {
  return /["\n\r]/.test(value) || value.includes(delimiter) || value.trim() !== value
    ? `"${value.replaceAll('"', '""')}"`
    : value
}

/** The text of one row, and the values a reader must give for it (null: an error row). */
function render(spec: Spec, delimiter: string): { text: string; expected: string[] | null } {
  const safe = spec.values.map((value) => value.replace(/["\n\r]/g, '').replaceAll(delimiter, ''))
  switch (spec.kind) {
    case 'good':
      return {
        text: spec.values.map((value) => quote(value, delimiter)).join(delimiter),
        expected: spec.values,
      }
    case 'stray': {
      // A quote inside an unquoted value is kept as text.
      const name = `x"q${safe[0]}`
      return {
        text: [name, safe[1], safe[2]].join(delimiter),
        expected: [name, safe[1]!, safe[2]!],
      }
    }
    case 'unclosed':
      return { text: `"q${safe.join(delimiter)}`, expected: null }
    case 'extra':
      return { text: [...safe, 'extra'].join(delimiter), expected: null }
    case 'truncated':
      return { text: safe.slice(0, 2).join(delimiter), expected: null }
    case 'blank':
      return { text: '', expected: [] }
  }
}

const specs = fc.array(
  fc.record({
    kind: fc.constantFrom<Kind>(
      'good',
      'good',
      'good',
      'stray',
      'unclosed',
      'extra',
      'truncated',
      'blank',
    ),
    values: fc.tuple(cellText, cellText, cellText),
  }),
  { maxLength: 25 },
)

describe('readCsvRows', () => {
  it('gives every row, or an error naming its first line, whatever the damage (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        specs,
        fc.constantFrom(',', ';', '\t'),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        async (rows, delimiter, newline, bom, chunkSize) => {
          const header = ['Name', 'E-mail', 'Note']
          let text = (bom ? '\uFEFF' : '') + header.join(delimiter) + newline
          let line = 2
          const expected: CsvRow[] = []
          for (const spec of rows) {
            const row = render(spec, delimiter)
            if (row.expected === null) {
              expected.push({
                kind: 'error',
                line,
                message: expect.any(String) as unknown as string,
              })
            } else if (row.expected.every((value) => value.trim() === '')) {
              expected.push({ kind: 'blank', line })
            } else expected.push({ kind: 'values', line, values: row.expected })
            text += row.text.replaceAll('\n', newline) + newline
            line += row.text.split('\n').length
          }
          // Bytes cut anywhere, even inside a character or between \r and \n.
          const bytes = new TextEncoder().encode(text)
          const chunks: Uint8Array[] = []
          for (let at = 0; at < bytes.length; at += chunkSize) {
            chunks.push(bytes.slice(at, at + chunkSize))
          }
          const read = await rowsOf(chunks)
          expect(read[0]).toMatchObject({ values: header })
          const body = read.slice(1)
          expect(body).toEqual(expected)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a quote left open on the last line rejects that line only', async () => {
    const rows = await rowsOf('Name,E-mail\nAna,ana@x.dev\n"Bruno,bru')
    expect(rows.slice(1)).toEqual([
      { kind: 'values', line: 2, values: ['Ana', 'ana@x.dev'] },
      { kind: 'error', line: 3, message: 'line 3 opens a quoted value that is never closed' },
    ])
  })

  it('a semicolon or tab file is read by its header; empty trailing columns are fine', async () => {
    expect(sniffDelimiter('Nome;E-mail;"Cidade, UF"')).toBe(';')
    expect(sniffDelimiter('Name\tE-mail')).toBe('\t')
    expect(sniffDelimiter('Name')).toBe(',')
    const rows = await rowsOf('Nome;E-mail\r\nAna;ana@x.dev;;\r\n')
    expect(rows[1]).toEqual({ kind: 'values', line: 2, values: ['Ana', 'ana@x.dev'] })
  })
})
