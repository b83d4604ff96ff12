// CSV import of people through the inbound webhooks' engine: each row is a payload whose keys
// are the column names, mapped, deduplicated and written exactly as a delivery would be.

import { defaultPhoneCountry } from '../../shared/fields/phone'
import type { DedupeStrategy } from '../db/database'
import type { Db } from '../db/connection'
import { ApiError } from '../http/errors'
import { compileField, evaluateValue, type CompiledValue } from '../intake/mapping'
import { memoryOwnerCursor } from '../intake/owners'
import { prepareIntake, receiveRecord } from '../intake/service'
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

const nameTargets = { company: 'outpost:companyId', owner: 'outpost:ownerId' } as const

function splitNameTargets(config: IntakeConfig) {
  const mapping = { ...config.mapping }
  const byName: (readonly ['company' | 'owner', CompiledValue])[] = []
  for (const target of ['company', 'owner'] as const) {
    const value = mapping[target]
    if (value === undefined) continue
    const idTarget = target === 'company' ? 'companyId' : 'ownerId'
    if (idTarget in mapping) {
      throw new ApiError(
        400,
        'validation_error',
        `mapping.${target} and mapping.${idTarget} cannot both be mapped`,
        {
          field: `mapping.${target}`,
        },
      )
    }
    delete mapping[target]
    mapping[idTarget] = `{{["${nameTargets[target]}"]}}`
    byName.push([target, compileField(`mapping.${target}`, value)] as const)
  }
  return { config: { ...config, mapping }, byName }
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
  fullConfig: IntakeConfig,
  options: ImportOptions,
): Promise<ImportResult> {
  const { config, byName } = splitNameTargets(fullConfig)
  const settings = await prepareIntake(db, tenantId, config)
  const references = byName.length > 0 ? await loadReferences(db, tenantId) : null
  const owners = memoryOwnerCursor()
  return runCsvImport(
    db,
    input,
    {
      checkHeader: (header) =>
        mappedColumns([...settings.mapping, ...byName], header).filter(
          (warning) => !warning.includes('"outpost:'),
        ),
      importRow: async (trx, record, now) => {
        const payload: Record<string, string> = { ...record }
        for (const [target, compiled] of byName) {
          const value = evaluateValue(compiled, record)
          const text = value === undefined || value === null ? '' : String(value).trim()
          if (text === '') continue
          payload[nameTargets[target]] =
            target === 'company'
              ? await references!.companyOrNew(trx, 'company', text, now)
              : references!.user('owner', text)
        }
        const { result } = await receiveRecord(trx, tenantId, settings, payload, owners, now)
        return result.outcome
      },
      endRow: (written) => references?.endRow(written),
    },
    options,
  )
}
