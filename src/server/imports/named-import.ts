// CSV imports of records described by names (a deal's pipeline and stage, an activity's person by
// e-mail and deal by title), taken in by the intake area. This door reads the file, looks the
// workspace's names up once, and counts.

import type { Db } from '../db/connection'
import { compileDealMapping, receiveDealByName } from '../intake/deal-by-name'
import type { CompiledValue, MappingValue } from '../intake/mapping'
import type { NameLookups } from '../intake/names'
import {
  compileActivityMapping,
  compileNoteMapping,
  receiveActivityByName,
  receiveNoteByName,
} from '../intake/work-by-name'
import { runCsvImport, type ImportOptions, type ImportResult } from './csv-import'
import { mappedColumns } from './mapped-columns'
import { loadReferences } from './references'

type Receive<Mapping> = (
  trx: Db,
  tenantId: string,
  names: NameLookups,
  mapping: Mapping,
  record: Record<string, string>,
  now: Date,
) => Promise<'created'>

/** A kind of record imported by names: how its mapping compiles and how a row becomes one. */
function namedImport<Mapping extends readonly (readonly [string, CompiledValue])[]>(
  compile: (mapping: Readonly<Record<string, MappingValue>>) => Mapping,
  receive: Receive<Mapping>,
) {
  /**
   * Every good row creates a record (with the events the REST API would emit); every bad one is
   * rejected with its line and the field at fault.
   */
  return async (
    db: Db,
    tenantId: string,
    input: AsyncIterable<Uint8Array | string>,
    rawMapping: Readonly<Record<string, MappingValue>>,
    options: ImportOptions,
  ): Promise<ImportResult> => {
    const mapping = compile(rawMapping)
    const references = await loadReferences(db, tenantId)
    return runCsvImport(
      db,
      input,
      {
        checkHeader: (header) => mappedColumns(mapping, header),
        importRow: async (trx, record, now) => ({
          outcome: await receive(trx, tenantId, references, mapping, record, now),
        }),
      },
      options,
    )
  }
}

export const importDealsCsv = namedImport(compileDealMapping, receiveDealByName)
export const importActivitiesCsv = namedImport(compileActivityMapping, receiveActivityByName)
export const importNotesCsv = namedImport(compileNoteMapping, receiveNoteByName)
