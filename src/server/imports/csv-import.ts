// The one pass over a CSV file that every kind of import shares: reading, batching, counting,
// and rejecting a bad row by its line while the others are written.

import { sql } from 'kysely'
import type { Clock } from '../clock'
import { inTransaction, type Db } from '../db/connection'
import { ApiError } from '../http/errors'
import { readCsvRows } from './csv-records'
import { unprotectCell } from './spreadsheet-cells'

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

/** How one kind of import reads a file and writes a row. */
export interface RowImporter {
  /** Problems with the file as a whole, from its header. */
  checkHeader(header: readonly string[]): string[]
  /** Writes one row in the caller's transaction; throws an ApiError to reject it. */
  importRow(trx: Db, record: Record<string, string>, now: Date): Promise<'created' | 'updated'>
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
  const progress = emptyProgress()
  const rejections: ImportRejection[] = []
  const warnings: string[] = []
  const reject = (rejection: ImportRejection) => {
    progress.rejected += 1
    rejections.push(rejection)
  }

  const flush = async (rows: Row[]) => {
    if (rows.length === 0) return
    await inTransaction(db, async (trx) => {
      for (const row of rows) {
        // Each row its own time, so lists (newest first) keep the file's order.
        const now = options.clock.now()
        // A row that fails half-way is undone alone; the rows before it in the batch stay.
        await sql`savepoint import_row`.execute(trx)
        try {
          progress[await importer.importRow(trx, row.record, now)] += 1
          importer.endRow?.(true)
        } catch (error) {
          await sql`rollback to import_row`.execute(trx)
          importer.endRow?.(false)
          if (!(error instanceof ApiError)) throw error
          const field = error.details?.field
          reject({
            line: row.line,
            field: typeof field === 'string' ? field : null,
            code: error.code,
            message: error.message,
          })
        } finally {
          await sql`release import_row`.execute(trx)
        }
      }
    })
    options.onProgress?.({ ...progress })
  }

  let header: readonly string[] | null = null
  let batch: Row[] = []
  const batchSize = options.batchSize ?? importBatchSize
  for await (const row of readCsvRows(input)) {
    if ('header' in row && row.kind === 'values') {
      header = row.values
      warnings.push(...importer.checkHeader(header))
      continue
    }
    progress.rows += 1
    if (row.kind === 'blank') progress.skipped += 1
    else if (row.kind === 'error') {
      reject({ line: row.line, field: null, code: 'malformed_csv', message: row.message })
    } else {
      const record: Record<string, string> = {}
      // Cells that an export protected against spreadsheet formulas read back as they were.
      header!.forEach((column, index) => (record[column] = unprotectCell(row.values[index]!)))
      batch.push({ record, line: row.line })
      if (batch.length >= batchSize) {
        await flush(batch)
        batch = []
      }
    }
  }
  await flush(batch)
  if (header === null) warnings.push('The file is empty: it has no header line')
  options.onProgress?.({ ...progress })
  rejections.sort((a, b) => a.line - b.line)
  return { ...progress, rejections, warnings }
}

// People name their company and owner as people write them; the import looks them up and hands
// the intake engine their ids through columns of its own, which no CSV header can take.
