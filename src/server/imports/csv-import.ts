// The one pass over a CSV file that every kind of import shares: reading, batching, counting,
// and rejecting a bad row by its line while the others are written.

import { sql } from 'kysely'
import type { Clock } from '../clock'
import { inTransaction, type Db } from '../db/connection'
import { ApiError } from '../http/errors'
import { readCsvRows } from './csv-records'
import { CsvTextDecoder, type CsvEncoding } from '../../shared/csv-text'
import { unprotectCell } from '../../shared/spreadsheet-cells'

/** Rows written per transaction: large enough to be fast, small enough not to hold the lock long. */
export const importBatchSize = 500

export interface ImportRejection {
  /** The line of the file where the row starts (a quoted value may span lines). */
  line: number
  field: string | null
  code: string
  message: string
}

export interface ImportProgress {
  /** Rows after the header: always created + updated + rejected + skipped. */
  rows: number
  created: number
  updated: number
  rejected: number
  /** Blank rows (no value in any column). */
  skipped: number
}

export interface ImportResult extends ImportProgress {
  rejections: ImportRejection[]
  warnings: string[]
  /** The encoding the file was read in. */
  encoding: CsvEncoding
}
export interface ImportOptions {
  clock: Clock
  batchSize?: number
  /** Called after each batch is committed. */
  onProgress?: (progress: ImportProgress) => void
}

interface Row {
  record: Record<string, string>
  line: number
}

/** What a row did, and to whom when rows may update (people): a file may repeat a person. */
export interface RowWritten {
  outcome: 'created' | 'updated'
  id?: string | null
}

// A file that repeats a person says so this many times at most, then how many more. The people
// created are remembered up to a bound, so a million-row import keeps its memory flat: a repeat
// of one created past it goes unsaid.
const maxRepeatNotes = 20
const maxRemembered = 100_000

/** How one kind of import reads a file and writes a row. */
export interface RowImporter {
  /** Problems with the file as a whole, from its header. */
  checkHeader(header: readonly string[]): string[]
  /** Writes one row in the caller's transaction; throws an ApiError to reject it. */
  importRow(trx: Db, record: Record<string, string>, now: Date): Promise<RowWritten>
  /** Called after each row, with whether it was written or undone. */
  endRow?(written: boolean): void
}

const emptyProgress = (): ImportProgress => ({
  rows: 0,
  created: 0,
  updated: 0,
  rejected: 0,
  skipped: 0,
})

/** The counts of a run and its rejected rows. */
function createTally() {
  const progress = emptyProgress()
  const rejections: ImportRejection[] = []
  // The line that created each record: a later row updating it is the file repeating itself.
  const createdOn = new Map<string, number>()
  const repeats: string[] = []
  let unsaidRepeats = 0
  return {
    progress,
    rejections,
    reject(rejection: ImportRejection) {
      progress.rejected += 1
      rejections.push(rejection)
    },
    count(line: number, { outcome, id }: RowWritten) {
      progress[outcome] += 1
      if (!id) return
      const first = createdOn.get(id)
      if (outcome === 'created' && createdOn.size < maxRemembered) createdOn.set(id, line)
      else if (first !== undefined && repeats.length < maxRepeatNotes) {
        repeats.push(
          `line ${line} updated the person line ${first} created: the file has them twice, and ` +
            'the later line stands',
        )
      } else if (first !== undefined) unsaidRepeats += 1
    },
    repeatWarnings(): string[] {
      const more =
        unsaidRepeats > 0
          ? [`${unsaidRepeats} more lines updated a person an earlier line created`]
          : []
      return [...repeats, ...more]
    },
  }
}

type Tally = ReturnType<typeof createTally>

function rejectionOf(line: number, error: ApiError): ImportRejection {
  const field = error.details?.field
  return {
    line,
    field: typeof field === 'string' ? field : null,
    code: error.code,
    message: error.message,
  }
}

/**
 * Writes one row under a savepoint, so a row that fails half-way is undone alone and the rows
 * before it in the batch stay. An ApiError, thrown by intake, rejects the row; this is the one
 * place it is caught. Anything else is a bug, and ends the import.
 */
async function writeRow(
  trx: Db,
  importer: RowImporter,
  row: Row,
  now: Date,
): Promise<RowWritten | ImportRejection> {
  await sql`savepoint import_row`.execute(trx)
  try {
    const outcome = await importer.importRow(trx, row.record, now)
    importer.endRow?.(true)
    return outcome
  } catch (error) {
    await sql`rollback to import_row`.execute(trx)
    importer.endRow?.(false)
    if (!(error instanceof ApiError)) throw error
    return rejectionOf(row.line, error)
  } finally {
    await sql`release import_row`.execute(trx)
  }
}

/** Writes a batch of rows in one transaction, then reports progress. */
async function writeBatch(
  db: Db,
  rows: readonly Row[],
  importer: RowImporter,
  options: ImportOptions,
  tally: Tally,
): Promise<void> {
  if (rows.length === 0) return
  await inTransaction(db, async (trx) => {
    for (const row of rows) {
      // Each row its own time, so lists (newest first) keep the file's order.
      const written = await writeRow(trx, importer, row, options.clock.now())
      if ('outcome' in written) tally.count(row.line, written)
      else tally.reject(written)
    }
  })
  options.onProgress?.({ ...tally.progress })
}

/** A row's values by column name. */
function recordOf(header: readonly string[], values: readonly string[]): Record<string, string> {
  const record: Record<string, string> = {}
  // Cells that an export protected against spreadsheet formulas read back as they were.
  header.forEach((column, index) => (record[column] = unprotectCell(values[index]!)))
  return record
}

/** What the import says of how the file's text was read, when it may not be what was meant. */
function encodingWarnings(decoder: CsvTextDecoder): string[] {
  if (decoder.encoding === 'windows-1252') {
    return [
      'The file is not UTF-8: it was read as Windows-1252, the encoding Excel on Windows saves ' +
        'CSV in. If letters look wrong, save the sheet as "CSV UTF-8" and import it again',
    ]
  }
  if (decoder.invalidBytes) {
    return [
      'Some bytes of the file are not UTF-8 and were read as "\ufffd": the file mixes ' +
        'encodings. Save the sheet as "CSV UTF-8" and import it again',
    ]
  }
  return []
}

/**
 * Runs an import over a CSV file (header line first) in one pass: rows are read as a stream and
 * committed a batch at a time, each row undone alone when it fails (a savepoint). Every line of the
 * file is counted in one outcome: a row that cannot be read or written is rejected with its line
 * and the import goes on; a blank row is skipped. So `rows` is always
 * `created + updated + rejected + skipped`.
 */
export async function runCsvImport(
  db: Db,
  input: AsyncIterable<Uint8Array | string>,
  importer: RowImporter,
  options: ImportOptions,
): Promise<ImportResult> {
  const tally = createTally()
  const { progress } = tally
  const warnings: string[] = []
  let header: readonly string[] | null = null
  let batch: Row[] = []
  const batchSize = options.batchSize ?? importBatchSize
  const decoder = new CsvTextDecoder()
  for await (const row of readCsvRows(input, decoder)) {
    if ('header' in row && row.kind === 'values') {
      header = row.values
      warnings.push(...importer.checkHeader(header))
      continue
    }
    progress.rows += 1
    if (row.kind === 'blank') progress.skipped += 1
    else if (row.kind === 'error') {
      tally.reject({ line: row.line, field: null, code: 'malformed_csv', message: row.message })
    } else {
      batch.push({ record: recordOf(header!, row.values), line: row.line })
      if (batch.length >= batchSize) {
        await writeBatch(db, batch, importer, options, tally)
        batch = []
      }
    }
  }
  await writeBatch(db, batch, importer, options, tally)
  if (header === null) warnings.push('The file is empty: it has no header line')
  warnings.push(...encodingWarnings(decoder), ...tally.repeatWarnings())
  options.onProgress?.({ ...progress })
  tally.rejections.sort((a, b) => a.line - b.line)
  return { ...progress, rejections: tally.rejections, warnings, encoding: decoder.encoding }
}
