// A CSV file's bytes as text, the way the spreadsheet that saved it meant them. The server's import
// and the UI's preview of the same file both read it here, so the columns the preview shows are the
// columns the import finds.

/** The encodings a CSV file is read in. */
export const csvEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const

export type CsvEncoding = (typeof csvEncodings)[number]

const byteOrderMarks: readonly [CsvEncoding, number[]][] = [
  ['utf-8', [0xef, 0xbb, 0xbf]],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
]

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  if (a.length === 0) return b
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a)
  joined.set(b, a.length)
  return joined
}

interface Decoder {
  decode(bytes: Uint8Array, options?: { stream?: boolean }): string
}

// Windows-1252's letters and signs at 0x80 to 0x9F (€, “”, Œ, Š...), where ISO-8859-1 has
// control characters; the five it leaves undefined stay those.
const windows1252High =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

/**
 * Windows-1252, one byte a character. Node's TextDecoder reads the label as ISO-8859-1 (0x80 is
 * U+0080, not €); browsers follow the Encoding Standard. The high range is mapped here, so both read
 * a file alike.
 */
const windows1252: Decoder = {
  decode: (bytes) =>
    new TextDecoder('windows-1252')
      .decode(bytes)
      .replace(/[\u0080-\u009f]/g, (char) => windows1252High[char.charCodeAt(0) - 0x80]!),
}

/** How many bytes at the end of `bytes` begin a UTF-8 sequence that they do not finish. */
function unfinishedSequence(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!
    if (byte < 0x80) return 0
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2
      return length > back ? back : 0
    }
  }
  return 0
}

/**
 * Decodes a CSV file chunk by chunk. A byte-order mark says the encoding (UTF-8, or UTF-16 as
 * Excel's "Unicode text" saves) and is dropped. Without one the file is taken for UTF-8 until its
 * first letter beyond ASCII: if that is not UTF-8, the file is Windows-1252, the encoding Excel on
 * Windows saves "CSV (comma delimited)" in, and everything before it (ASCII) reads the same in
 * both. Decoded as UTF-8 regardless, "José" would have become "Jos�" without a word.
 */
export class CsvTextDecoder {
  #encoding: CsvEncoding = 'utf-8'
  #decoder: Decoder | null = null
  /** The first bytes, kept until there are enough to see a byte-order mark. */
  #head: Uint8Array = new Uint8Array(0)
  /** UTF-8 was seen beyond ASCII, so it can no longer turn out to be Windows-1252. */
  #settled = false
  /** The last bytes decoded: a sequence they begin is held by the decoder, not yet text. */
  #recent: Uint8Array = new Uint8Array(0)
  #invalidBytes = false

  /** The encoding the file is read in, as far as it has been read. */
  get encoding(): CsvEncoding {
    return this.#encoding
  }

  /** Whether bytes that are not UTF-8 were met once the file had proved to be UTF-8 (read as �). */
  get invalidBytes(): boolean {
    return this.#invalidBytes
  }

  /** The text of `chunk`; `final` for the last one (an unfinished sequence then reads as �). */
  decode(chunk: Uint8Array, final = false): string {
    if (!this.#decoder) {
      this.#head = concat(this.#head, chunk)
      if (this.#head.length < 3 && !final) return ''
      chunk = this.#start(this.#head)
    }
    if (this.#encoding !== 'utf-8' || this.#invalidBytes) {
      return this.#decoder!.decode(chunk, { stream: !final })
    }
    const held = this.#recent.subarray(this.#recent.length - unfinishedSequence(this.#recent))
    this.#recent = (chunk.length >= 3 ? chunk : concat(this.#recent, chunk)).slice(-3)
    try {
      const text = this.#decoder!.decode(chunk, { stream: !final })
      // eslint-disable-next-line no-control-regex -- the test is for anything beyond ASCII
      if (!this.#settled && /[^\u0000-\u007f]/.test(text)) this.#settled = true
      return text
    } catch {
      // Before the first letter beyond ASCII, only `held` of what came before is not yet text.
      if (this.#settled) {
        this.#invalidBytes = true
        this.#decoder = new TextDecoder('utf-8')
      } else {
        this.#encoding = 'windows-1252'
        this.#decoder = windows1252
      }
      return this.#decoder.decode(concat(held, chunk), { stream: !final })
    }
  }

  #start(head: Uint8Array): Uint8Array {
    const marked = byteOrderMarks.find(([, mark]) => mark.every((byte, i) => head[i] === byte))
    if (marked) {
      this.#encoding = marked[0]
      this.#settled = true
    }
    // UTF-8 fatally, so that bytes which are not UTF-8 are seen (and read as Windows-1252).
    this.#decoder = new TextDecoder(this.#encoding, {
      fatal: this.#encoding === 'utf-8',
      ignoreBOM: true,
    })
    return head.subarray(marked ? marked[1].length : 0)
  }
}

/** The whole text of `bytes`, and the encoding it was read in. */
export function decodeCsvBytes(
  bytes: Uint8Array,
  final = true,
): { text: string; encoding: CsvEncoding } {
  const decoder = new CsvTextDecoder()
  const text = decoder.decode(bytes, final)
  return { text, encoding: decoder.encoding }
}

const delimiters = [',', ';', '\t', '|'] as const

/**
 * The delimiter of a header line: the candidate that appears most often outside quotes (Excel
 * writes `;` where the decimal separator is a comma).
 */
export function sniffDelimiter(header: string): string {
  const counts = new Map<string, number>()
  let quoted = false
  for (const char of header) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (delimiters as readonly string[]).includes(char)) {
      counts.set(char, (counts.get(char) ?? 0) + 1)
    }
  }
  let best = ','
  for (const candidate of delimiters) {
    if ((counts.get(candidate) ?? 0) > (counts.get(best) ?? 0)) best = candidate
  }
  return best
}
