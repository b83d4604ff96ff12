// CSV import of people: each row is a payload whose keys are the column names, taken in by the
// intake area exactly as an inbound webhook delivery would be. This door reads the file and counts.

import { defaultPhoneCountry } from '../../shared/fields/phone'
import type { DedupeStrategy } from '../db/database'
import type { Db } from '../db/connection'
import { memoryOwnerCursor } from '../intake/owners'
import { preparePeopleByName, receivePersonByName } from '../intake/people-by-name'
import type { IntakeConfig } from '../intake/settings'
import { runCsvImport, type ImportOptions, type ImportResult } from './csv-import'
import { mappedColumns } from './mapped-columns'
import { loadReferences } from './references'
import type { ImportSettings } from './schema'

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
    defaultCountry: full?.defaultCountry ?? defaultPhoneCountry,
    actions: full?.actions ?? {},
  }
}

/**
 * Imports people: each row is a payload whose keys are the column names, mapped, deduplicated and
 * written exactly as an inbound webhook delivery would be. Besides the webhook targets, `company`
 * (a company's name, created when the workspace has none of that name) and `owner` (a user's
 * e-mail or name) can be mapped. Settings that cannot work at all are refused before any row is
 * read: 400 for their shape, 422 for ids not in the workspace.
 */
export async function importPeopleCsv(
  db: Db,
  tenantId: string,
  input: AsyncIterable<Uint8Array | string>,
  config: IntakeConfig,
  options: ImportOptions,
): Promise<ImportResult> {
  const prepared = await preparePeopleByName(db, tenantId, config)
  const references = prepared.byName.length > 0 ? await loadReferences(db, tenantId) : null
  const owners = memoryOwnerCursor()
  return runCsvImport(
    db,
    input,
    {
      checkHeader: (header) => mappedColumns(prepared.fromRecord, header),
      importRow: (trx, record, now) =>
        receivePersonByName(trx, tenantId, prepared, references, record, owners, now),
      endRow: (written) => references?.endRow(written),
    },
    options,
  )
}
