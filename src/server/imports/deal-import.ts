// CSV import of deals: each row describes a deal as people write it (pipeline and stage by name,
// person by e-mail), taken in by the intake area. This door reads the file, looks the workspace's
// names up once, and counts.

import type { Db } from '../db/connection'
import { compileDealMapping, receiveDealByName } from '../intake/deal-by-name'
import type { MappingValue } from '../intake/mapping'
import { runCsvImport, type ImportOptions, type ImportResult } from './csv-import'
import { mappedColumns } from './mapped-columns'
import { loadReferences } from './references'

/**
 * Imports deals from a CSV file: every good row creates a deal (with the events the REST API
 * would emit), every bad one is rejected with its line and the field at fault.
 */
export async function importDealsCsv(
  db: Db,
  tenantId: string,
  input: AsyncIterable<Uint8Array | string>,
  rawMapping: Readonly<Record<string, MappingValue>>,
  options: ImportOptions,
): Promise<ImportResult> {
  const mapping = compileDealMapping(rawMapping)
  const references = await loadReferences(db, tenantId)
  return runCsvImport(
    db,
    input,
    {
      checkHeader: (header) => mappedColumns(mapping, header),
      importRow: (trx, record, now) =>
        receiveDealByName(trx, tenantId, references, mapping, record, now),
    },
    options,
  )
}
