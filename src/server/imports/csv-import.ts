// CSV import through the inbound webhooks' engine: each row is a payload whose keys are the
// column names, mapped, deduplicated and written exactly as a delivery would be.

import { Readable } from 'node:stream'
import { parse, type CastingContext, type CsvError } from 'csv-parse'
import { sql } from 'kysely'
import type { Clock } from '../clock'
import { inTransaction, type Db } from '../db/connection'
import type { DedupeStrategy } from '../db/database'
import { ApiError } from '../http/errors'
import {
  applyIntake,
  checkReferences,
  compileSettings,
  memoryOwnerCursor,
  planIntake,
  type IntakeConfig,
  type IntakeSettings,
} from '../inbound/intake'
import { placeholdersOf, type CompiledValue } from '../inbound/mapping'
import type { ImportSettings } from './schema'
import { unprotectCell } from './spreadsheet-cells'

/** Rows written per transaction: large enough to be fast, small enough not to hold the lock long. */
export const importBatchSize = 500

export interface ImportRejection {
  /** The line of the file where the row ends (a quoted value may span lines). */
  line: number
  field: string | null
  code: string
  message: string
}

export interface ImportProgress {
  rows: number
  created: number
  updated: number
  rejected: number
}

export interface ImportResult extends ImportProgress {
  rejections: ImportRejection[]
  warnings: string[]
}

type FullSettings = Exclude<ImportSettings, IntakeConfig['mapping']>

function isFull(settings: ImportSettings): settings is FullSettings {
  const { mapping } = settings as { mapping?: unknown }
  return typeof mapping === 'object' && mapping !== null && !Array.isArray(mapping)
}

/**
 * The intake configuration of a person import: the settings file's, with `dedupe` (the
 * `--dedupe` option) replacing its strategy. Without either, imports deduplicate by e-mail.
 */
export function importConfig(settings: ImportSettings, dedupe?: DedupeStrategy): IntakeConfig {
  const full = isFull(settings) ? settings : null
  const configured = full?.dedupe ?? { strategy: 'email' as const }
  return {
    objectType: 'person',
    mapping: full ? full.mapping : (settings as IntakeConfig['mapping']),
    dedupe: dedupe
      ? { strategy: dedupe, fields: dedupe === 'composite' ? configured.fields : undefined }
      : configured,
    defaultCountry: full?.defaultCountry ?? 'BR',
    actions: full?.actions ?? {},
  }
}

function placeholderSources(value: CompiledValue): string[][] {
  const templates =
    value.kind === 'template' ? [value.template] : value.kind === 'list' ? value.items : []
  return templates.flatMap(placeholdersOf).map((placeholder) => {
    const first = placeholder.steps[0]
    return [placeholder.source, first?.kind === 'key' ? first.key : '']
  })
}

/** Mapped columns the file does not have: every row would lack them. */
function missingColumns(settings: IntakeSettings, header: readonly string[]): string[] {
  const columns = new Set(header)
  const warnings: string[] = []
  for (const [target, value] of settings.mapping) {
    for (const [source, firstKey] of placeholderSources(value)) {
      if (!columns.has(source!) && !columns.has(firstKey!)) {
        warnings.push(`Column "${source}" (mapped to ${target}) is not in the file`)
      }
    }
  }
  return warnings
}

interface Row {
  record: Record<string, string>
  line: number
}

export interface ImportOptions {
  clock: Clock
  batchSize?: number
  /** Called after each batch is committed. */
  onProgress?: (progress: ImportProgress) => void
}

/**
 * Imports people from a CSV file (header line first) in one pass: rows are read as a stream and
 * committed a batch at a time. A bad row (a value that is not valid, a missing name, a broken
 * CSV record) is rejected with its line number and the import goes on. Settings that cannot work
 * at all are refused before any row is read: 400 for their shape, 422 for ids not in the workspace.
 */
export async function importPeopleCsv(
  db: Db,
  tenantId: string,
  input: AsyncIterable<Uint8Array | string>,
  config: IntakeConfig,
  options: ImportOptions,
): Promise<ImportResult> {
  const settings = compileSettings(config)
  await checkReferences(db, tenantId, config)
  const owners = memoryOwnerCursor()
  const progress: ImportProgress = { rows: 0, created: 0, updated: 0, rejected: 0 }
  const rejections: ImportRejection[] = []
  const warnings: string[] = []
  const reject = (rejection: ImportRejection) => {
    progress.rejected += 1
    rejections.push(rejection)
  }

  const parser = Readable.from(input).pipe(
    parse({
      bom: true,
      columns: (header: string[]) => {
        warnings.push(...missingColumns(settings, header))
        return header
      },
      info: true,
      // Cells that an export protected against spreadsheet formulas read back as they were.
      cast: (value: string, context: CastingContext) =>
        context.header ? value : unprotectCell(value),
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined) => {
        progress.rows += 1
        reject({
          line: Number(error?.lines ?? 0),
          field: null,
          code: 'malformed_csv',
          message: error?.message ?? 'Malformed CSV record',
        })
        return undefined
      },
    }),
  )

  const flush = async (rows: Row[]) => {
    if (rows.length === 0) return
    await inTransaction(db, async (trx) => {
      for (const row of rows) {
        // Each row its own time, so lists (newest first) keep the file's order.
        const now = options.clock.now()
        progress.rows += 1
        try {
          const plan = await planIntake(trx, tenantId, settings, row.record)
          // A row that fails half-way is undone alone; the rows before it in the batch stay.
          await sql`savepoint import_row`.execute(trx)
          try {
            const result = await applyIntake(trx, tenantId, settings, plan, owners, now)
            progress[result.outcome] += 1
          } catch (error) {
            await sql`rollback to import_row`.execute(trx)
            throw error
          } finally {
            await sql`release import_row`.execute(trx)
          }
        } catch (error) {
          if (!(error instanceof ApiError)) throw error
          const field = error.details?.field
          reject({
            line: row.line,
            field: typeof field === 'string' ? field : null,
            code: error.code,
            message: error.message,
          })
        }
      }
    })
    options.onProgress?.({ ...progress })
  }

  let batch: Row[] = []
  const batchSize = options.batchSize ?? importBatchSize
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>
    info: { lines: number }
  }>) {
    batch.push({ record, line: info.lines })
    if (batch.length >= batchSize) {
      await flush(batch)
      batch = []
    }
  }
  await flush(batch)
  rejections.sort((a, b) => a.line - b.line)
  return { ...progress, rejections, warnings }
}
