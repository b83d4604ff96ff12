// A forgiving, streaming CSV reader that never loses a row quietly. RFC 4180, plus what real files
// do: UTF-8, UTF-16 or Windows-1252 (shared/csv-text.ts), a byte-order mark, CRLF, LF or CR line
// ends, a semicolon or tab delimiter (read from the header line), quotes inside unquoted values
// (kept as text), a trailing empty column. What it cannot read becomes an error naming the line,
// and reading goes on from the next line: a quote that is never closed does not swallow the rest
// of the file.

/** One row of the file: its values, or why it could not be read. */
export type CsvRow =
  | { kind: 'values'; line: number; values: string[] }
  | { kind: 'blank'; line: number }
  | { kind: 'error'; line: number; message: string }

import { CsvTextDecoder, sniffDelimiter } from '../../shared/csv-text'
import { ApiError } from '../http/errors'

interface Line {
  text: string
  number: number
}

// A quoted value may span lines, but not without bound: past these, the quote is taken for a
// stray one and the row for a broken one (no field Outpost keeps is anywhere near this long).
const maxRecordLines = 500
const maxRecordChars = 1024 * 1024

/**
 * Physical lines of the text (`decoder` reads bytes in the file's encoding and drops its byte-order
 * mark); `\r\n`, `\n` and a lone `\r` all end one.
 */
async function* physicalLines(
  input: AsyncIterable<Uint8Array | string>,
  decoder: CsvTextDecoder,
): AsyncGenerator<Line> {
  let rest = ''
  let number = 0
  let first = true
  const take = function* (final: boolean) {
    const pattern = /\r\n|\n|\r/g
    let start = 0
    for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
      // A \r at the very end may be the first half of a \r\n split across chunks.
      if (!final && match[0] === '\r' && match.index === rest.length - 1) break
      number += 1
      yield { text: rest.slice(start, match.index), number }
      start = match.index + match[0].length
    }
    rest = rest.slice(start)
  }
  for await (const chunk of input) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk)
    if (first && rest.length > 0) {
      rest = rest.replace(/^\uFEFF/, '')
      first = false
    }
    yield* take(false)
  }
  rest += decoder.decode(new Uint8Array(0), true)
  if (first) rest = rest.replace(/^\uFEFF/, '')
  yield* take(true)
  if (rest !== '') yield { text: rest, number: number + 1 }
}

/** A record being read: the values so far, the lines it spans, and how its quoting went. */
interface RecordState {
  values: string[]
  value: string
  quoted: boolean
  atValueStart: boolean
  lines: Line[]
  chars: number
  /** A closing quote followed by text rather than a delimiter: a sign the quoting is broken. */
  looseQuote: boolean
}

const newRecord = (): RecordState => ({
  values: [],
  value: '',
  quoted: false,
  atValueStart: true,
  lines: [],
  chars: 0,
  looseQuote: false,
})

/** Reads one more line into the record; true when the record ends with it. */
function feedLine(record: RecordState, line: Line, delimiter: string): boolean {
  record.lines.push(line)
  record.chars += line.text.length
  const text = line.text
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!
    if (record.quoted) {
      if (char !== '"') record.value += char
      else if (text[index + 1] === '"') {
        record.value += '"'
        index += 1
      } else {
        record.quoted = false
        const after = text[index + 1]
        if (after !== undefined && after !== delimiter) record.looseQuote = true
      }
      continue
    }
    if (char === delimiter) {
      record.values.push(record.value)
      record.value = ''
      record.atValueStart = true
      continue
    }
    // A quote opens a quoted value only at its start; elsewhere it is text, as people mean it.
    if (char === '"' && record.atValueStart) record.quoted = true
    else record.value += char
    record.atValueStart = false
  }
  if (record.quoted) {
    record.value += '\n'
    return false
  }
  record.values.push(record.value)
  return true
}

const overlong = (record: RecordState) =>
  record.lines.length > maxRecordLines || record.chars > maxRecordChars

const isBlank = (values: readonly string[]) => values.every((value) => value.trim() === '')

/**
 * The rows of a CSV file, header first (its values are the column names), each with the line it
 * starts on. Every line of the file after the header belongs to exactly one row: a row that
 * cannot be read is an error row, and a blank line a blank row, so counting rows counts lines
 * (a quoted value that spans lines makes one row of them).
 */
export async function* readCsvRows(
  input: AsyncIterable<Uint8Array | string>,
  decoder = new CsvTextDecoder(),
): AsyncGenerator<CsvRow & { header?: true }> {
  const source = physicalLines(input, decoder)
  const replay: Line[] = []
  const next = async (): Promise<Line | undefined> =>
    replay.shift() ?? (await source.next()).value ?? undefined

  let header: string[] | null = null
  let delimiter = ','
  for (let line = await next(); line; line = await next()) {
    if (header === null && line.text.trim() === '') continue
    if (header === null) delimiter = sniffDelimiter(line.text)
    const reader = newRecord()
    let done = feedLine(reader, line, delimiter)
    while (!done && !overlong(reader)) {
      const more = await next()
      if (!more) break
      done = feedLine(reader, more, delimiter)
    }
    const first = reader.lines[0]!.number
    const spansLines = reader.lines.length > 1
    const columns = header?.length ?? reader.values.length
    // Empty values past the header's columns are what spreadsheets leave behind; more values
    // than that, or fewer, mean a broken row.
    const count = reader.values.length
    const fits = count === columns || (count > columns && isBlank(reader.values.slice(columns)))
    if (header === null && !done) {
      throw new ApiError(
        'invalid_request',
        `The header line (line ${first}) opens a quoted column name that is never closed`,
        { field: 'file' },
      )
    }
    // One line with odd quoting is read as people mean it; a row that spans lines must be
    // quoted properly, or it is taken for a quote left open that swallowed the lines after it.
    if (!done || (spansLines && (!fits || reader.looseQuote))) {
      // A quote opened on this line and never closed where a row could end: this line is the
      // broken row, and the lines it swallowed are read again as rows of their own.
      replay.unshift(...reader.lines.slice(1))
      yield {
        kind: 'error',
        line: first,
        message: `line ${first} opens a quoted value that is never closed`,
      }
      continue
    }
    if (header === null) {
      header = reader.values.map((name) => name.trim())
      yield { kind: 'values', line: first, values: header, header: true }
      continue
    }
    if (isBlank(reader.values)) yield { kind: 'blank', line: first }
    else if (!fits) {
      yield {
        kind: 'error',
        line: first,
        message: `line ${first} has ${count} column${count === 1 ? '' : 's'}; the header has ${columns}`,
      }
    } else yield { kind: 'values', line: first, values: reader.values.slice(0, columns) }
  }
}
