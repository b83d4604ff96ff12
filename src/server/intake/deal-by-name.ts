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
import type { MappingValue } from './mapping'
import type { NameLookups } from './names'
import { fieldValue } from './normalise'
import {
  compileTargetMapping,
  mappedTexts,
  type TargetList,
  type TargetMapping,
} from './target-mapping'

const dealTargets: TargetList<DealImportTarget> = {
  noun: 'a deal import',
  targets: dealImportTargets.map(([target]) => target),
  required: requiredImportTargets.deals,
  listTarget: 'tags',
}

export type DealMapping = TargetMapping<DealImportTarget>

/** Checks and compiles a deal mapping; a 400 naming `mapping.<target>` for what cannot work. */
export const compileDealMapping = (mapping: Readonly<Record<string, MappingValue>>) =>
  compileTargetMapping(dealTargets, mapping)

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
