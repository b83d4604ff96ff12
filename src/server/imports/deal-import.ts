// CSV import of deals. A deal names what it belongs to as people write it: the pipeline and
// stage by name, the person by e-mail, the company, owner and lost reason by name (ids work too).
// A name that matches nothing rejects the row, naming the field: an import never guesses a
// pipeline, and never creates people or companies on a deal's behalf.

import { defaultCurrency, parseCurrency } from '../../shared/fields/currency'
import { parseMoney } from '../../shared/fields/money'
import { parseTagText } from '../../shared/fields/tag'
import { parseCalendarDate } from '../../shared/fields/date'
import { parseLine } from '../../shared/fields/text'
import {
  dealImportTargets,
  requiredImportTargets,
  type DealImportTarget,
} from '../../shared/import-targets'
import type { Db } from '../db/connection'
import { createDeal } from '../deals/service'
import { ApiError } from '../http/errors'
import { fieldValue } from '../intake/normalise'
import {
  compileField,
  evaluateValue,
  type CompiledValue,
  type MappingValue,
} from '../intake/mapping'
import { runCsvImport, type ImportOptions, type ImportResult } from './csv-import'
import { mappedColumns } from './mapped-columns'
import { loadReferences, type References } from './references'

const targets = dealImportTargets.map(([target]) => target)
type DealMapping = readonly (readonly [DealImportTarget, CompiledValue])[]
type DealTarget = DealImportTarget

const badMapping = (field: string, message: string) =>
  new ApiError(400, 'validation_error', `${field} ${message}`, { field })

const invalid = (field: string, message: string) =>
  new ApiError(422, 'validation_error', `${field} ${message}`, { field })

const isTarget = (target: string): target is DealTarget =>
  (targets as readonly string[]).includes(target)

/** Checks and compiles a deal mapping; a 400 naming `mapping.<target>` for what cannot work. */
export function compileDealMapping(mapping: Readonly<Record<string, MappingValue>>): DealMapping {
  const compiled: (readonly [DealTarget, CompiledValue])[] = []
  for (const [target, value] of Object.entries(mapping)) {
    const field = `mapping.${target}`
    if (!isTarget(target)) {
      throw badMapping(field, `is not a field a deal import can fill (${targets.join(', ')})`)
    }
    if (Array.isArray(value) && target !== 'tags') {
      throw badMapping(field, 'takes one value; only tags take a list')
    }
    compiled.push([target, compileField(field, value)] as const)
  }
  for (const target of requiredImportTargets.deals) {
    if (!(target in mapping))
      throw badMapping(`mapping.${target}`, 'is required: map a column to it')
  }
  return compiled
}

/** A mapped value as text: lists joined by commas, absent and empty as undefined. */
function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  const text = Array.isArray(value) ? value.map((item) => String(item)).join(',') : String(value)
  return text.trim() === '' ? undefined : text
}

async function dealFromRow(
  trx: Db,
  references: References,
  mapping: DealMapping,
  record: Record<string, string>,
) {
  const values = new Map<DealTarget, string>()
  for (const [target, compiled] of mapping) {
    const text = textOf(evaluateValue(compiled, record))
    if (text !== undefined) values.set(target, text)
  }
  const need = (target: DealTarget) => {
    const text = values.get(target)
    if (text === undefined) {
      throw invalid(target, 'is required, and the mapping gave it no value from this row')
    }
    return text
  }
  const optional = <T>(target: DealTarget, read: (text: string) => T) => {
    const text = values.get(target)
    return text === undefined ? undefined : read(text)
  }
  const pipelineId = references.pipeline('pipeline', need('pipeline'))
  return {
    title: fieldValue('title', parseLine(need('title'))),
    value: optional('value', (text) => fieldValue('value', parseMoney(text))) ?? 0,
    currency:
      optional('currency', (text) => fieldValue('currency', parseCurrency(text))) ??
      defaultCurrency,
    pipelineId,
    stageId: references.stage('stage', pipelineId, need('stage')),
    primaryPersonId: await optional('person', (text) => references.person(trx, 'person', text)),
    primaryCompanyId: optional('company', (text) => references.company('company', text)),
    ownerId: optional('owner', (text) => references.user('owner', text)),
    lostReasonId: optional('lostReason', (text) => references.lostReason('lostReason', text)),
    expectedCloseDate: optional('expectedCloseDate', (text) =>
      fieldValue('expectedCloseDate', parseCalendarDate(text)),
    ),
    tags: optional('tags', (text) => fieldValue('tags', parseTagText(text))) ?? [],
  }
}

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
      importRow: async (trx, record, now) => {
        await createDeal(trx, tenantId, await dealFromRow(trx, references, mapping, record), now)
        return 'created'
      },
    },
    options,
  )
}
