// A deal described as people write it, as a CSV row describes it: the pipeline and stage by name,
// the person by e-mail, the company, owner and lost reason by name (ids work too). A name that
// matches nothing refuses the record, naming the field: intake never guesses a pipeline, and
// never creates people or companies on a deal's behalf.

import { defaultCurrency, parseCurrency } from '../../shared/fields/currency'
import { parseCalendarDate } from '../../shared/fields/date'
import { parseMoney } from '../../shared/fields/money'
import { parseTagText } from '../../shared/fields/tag'
import { parseLine } from '../../shared/fields/text'
import {
  dealImportTargets,
  requiredImportTargets,
  type DealImportTarget,
} from '../../shared/import-targets'
import type { Db } from '../db/connection'
import { createDeal } from '../deals/service'
import { badSetting, noValue } from './errors'
import { compileField, evaluateValue, type CompiledValue, type MappingValue } from './mapping'
import type { NameLookups } from './names'
import { fieldValue } from './normalise'

const targets = dealImportTargets.map(([target]) => target)

/** A deal mapping checked and compiled, in the configured order. */
export type DealMapping = readonly (readonly [DealImportTarget, CompiledValue])[]

const isTarget = (target: string): target is DealImportTarget =>
  (targets as readonly string[]).includes(target)

/** Checks and compiles a deal mapping; a 400 naming `mapping.<target>` for what cannot work. */
export function compileDealMapping(mapping: Readonly<Record<string, MappingValue>>): DealMapping {
  const compiled = Object.entries(mapping).map(([target, value]) => {
    const field = `mapping.${target}`
    if (!isTarget(target)) {
      throw badSetting(field, `is not a field a deal import can fill (${targets.join(', ')})`)
    }
    if (Array.isArray(value) && target !== 'tags') {
      throw badSetting(field, 'takes one value; only tags take a list')
    }
    return [target, compileField(field, value)] as const
  })
  for (const target of requiredImportTargets.deals) {
    if (!(target in mapping)) {
      throw badSetting(`mapping.${target}`, 'is required: map a column to it')
    }
  }
  return compiled
}

/** A mapped value as text: lists joined by commas, absent and empty as undefined. */
function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  const text = Array.isArray(value) ? value.map((item) => String(item)).join(',') : String(value)
  return text.trim() === '' ? undefined : text
}

/** The text each target gets from the record; reading one that is required and absent is a 422. */
function mappedTexts(mapping: DealMapping, record: Record<string, string>) {
  const values = new Map<DealImportTarget, string>()
  for (const [target, compiled] of mapping) {
    const text = textOf(evaluateValue(compiled, record))
    if (text !== undefined) values.set(target, text)
  }
  return {
    need(target: DealImportTarget): string {
      const text = values.get(target)
      if (text === undefined) throw noValue(target, 'row')
      return text
    },
    optional<T>(target: DealImportTarget, read: (text: string) => T): T | undefined {
      const text = values.get(target)
      return text === undefined ? undefined : read(text)
    },
  }
}

async function dealFromRecord(
  trx: Db,
  names: NameLookups,
  mapping: DealMapping,
  record: Record<string, string>,
) {
  const { need, optional } = mappedTexts(mapping, record)
  const pipelineId = names.pipeline('pipeline', need('pipeline'))
  return {
    title: fieldValue('title', parseLine(need('title'))),
    value: optional('value', (text) => fieldValue('value', parseMoney(text))) ?? 0,
    currency:
      optional('currency', (text) => fieldValue('currency', parseCurrency(text))) ??
      defaultCurrency,
    pipelineId,
    stageId: names.stage('stage', pipelineId, need('stage')),
    primaryPersonId: await optional('person', (text) => names.person(trx, 'person', text)),
    primaryCompanyId: optional('company', (text) => names.company('company', text)),
    ownerId: optional('owner', (text) => names.user('owner', text)),
    lostReasonId: optional('lostReason', (text) => names.lostReason('lostReason', text)),
    expectedCloseDate: optional('expectedCloseDate', (text) =>
      fieldValue('expectedCloseDate', parseCalendarDate(text)),
    ),
    tags: optional('tags', (text) => fieldValue('tags', parseTagText(text))) ?? [],
  }
}

/**
 * Takes in one deal described by names, in the caller's transaction: the deal is created through
 * the deals service, with the events the REST API would emit. A bad value or a name that matches
 * nothing is a 422 naming the field.
 */
export async function receiveDealByName(
  trx: Db,
  tenantId: string,
  names: NameLookups,
  mapping: DealMapping,
  record: Record<string, string>,
  now: Date,
): Promise<'created'> {
  await createDeal(trx, tenantId, await dealFromRecord(trx, names, mapping, record), now)
  return 'created'
}
