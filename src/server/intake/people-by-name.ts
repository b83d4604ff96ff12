// People whose company and owner are named as people write them (a company's name, a user's
// e-mail or name), as a CSV row names them. The names are looked up, the company created when
// new, and their ids handed to the mapping through fields of their own that no record can send.

import type { Db } from '../db/connection'
import type { IntakeResult } from './apply'
import { badSetting } from './errors'
import { compileField, evaluateValue, type CompiledValue } from './mapping'
import type { NameLookups } from './names'
import type { OwnerCursor } from './owners'
import { prepareIntake, receiveRecord } from './service'
import type { IntakeConfig, IntakeSettings } from './settings'

type NameTarget = 'company' | 'owner'

const idTargets = { company: 'companyId', owner: 'ownerId' } as const
// The fields the ids are handed over in: no CSV header or webhook payload can hold these keys.
const idFields = { company: 'outpost:companyId', owner: 'outpost:ownerId' } as const

export interface PeopleByName {
  settings: IntakeSettings
  /** The targets given by name, compiled. */
  byName: readonly (readonly [NameTarget, CompiledValue])[]
  /** The targets the records' own fields feed, by id or by name: what a file must have. */
  fromRecord: readonly (readonly [string, CompiledValue])[]
}

/** Maps `company` and `owner` through the id fields; the mapping by name is kept apart. */
function splitNameTargets(config: IntakeConfig) {
  const mapping = { ...config.mapping }
  const byName: (readonly [NameTarget, CompiledValue])[] = []
  for (const target of ['company', 'owner'] as const) {
    const value = mapping[target]
    if (value === undefined) continue
    const idTarget = idTargets[target]
    if (idTarget in mapping) {
      throw badSetting(`mapping.${target}`, `and mapping.${idTarget} cannot both be mapped`)
    }
    delete mapping[target]
    mapping[idTarget] = `{{["${idFields[target]}"]}}`
    byName.push([target, compileField(`mapping.${target}`, value)] as const)
  }
  return { config: { ...config, mapping }, byName }
}

/**
 * Checks and compiles person settings whose mapping may also name `company` (a company's name)
 * and `owner` (a user's e-mail or name): 400 for their shape, 422 for ids not in the workspace.
 */
export async function preparePeopleByName(
  db: Db,
  tenantId: string,
  config: IntakeConfig,
): Promise<PeopleByName> {
  const split = splitNameTargets(config)
  const settings = await prepareIntake(db, tenantId, split.config)
  const handedOver = new Set<string>(split.byName.map(([target]) => idTargets[target]))
  const fromRecord = [
    ...settings.mapping.filter(([target]) => !handedOver.has(target)),
    ...split.byName,
  ]
  return { settings, byName: split.byName, fromRecord }
}

/** The record with the ids of the names it gives, in the fields the mapping reads them from. */
async function withNamedIds(
  trx: Db,
  prepared: PeopleByName,
  names: NameLookups | null,
  record: Record<string, string>,
  now: Date,
): Promise<Record<string, string>> {
  const payload: Record<string, string> = { ...record }
  for (const [target, compiled] of prepared.byName) {
    const value = evaluateValue(compiled, record)
    const text = value === undefined || value === null ? '' : String(value).trim()
    if (text === '') continue
    payload[idFields[target]] =
      target === 'company'
        ? await names!.companyOrNew(trx, 'company', text, now)
        : names!.user('owner', text)
  }
  return payload
}

/**
 * Takes in one person whose company and owner may be given by name, in the caller's
 * transaction, exactly as an inbound webhook delivery would be taken in. `names` may be null
 * when no target is given by name.
 */
export async function receivePersonByName(
  trx: Db,
  tenantId: string,
  prepared: PeopleByName,
  names: NameLookups | null,
  record: Record<string, string>,
  owners: OwnerCursor,
  now: Date,
): Promise<{ outcome: IntakeResult['outcome']; id: string | null }> {
  const payload = await withNamedIds(trx, prepared, names, record, now)
  const { result } = await receiveRecord(trx, tenantId, prepared.settings, payload, owners, now)
  return { outcome: result.outcome, id: result.personId }
}
