// Deciding what a record would do, without writing: the mapped record, the person it updates or
// creates, the company a new person joins and the deal it creates.

import { normalizeTags } from '../../shared/tags'
import type { Db } from '../db/connection'
import { planCompanyLink, type CompanyLink } from './company-link'
import { dealFromAction, dealFromMapping, type DealDraft } from './deal-draft'
import { decideDedupe, type DedupeDecision } from './dedupe'
import { badValue, noValue } from './errors'
import { mapPayload } from './record-mapping'
import type { IntakeSettings } from './settings'
import type { MappedRecord } from './targets'

/** What a payload would do, decided without writing. */
export interface IntakePlan {
  record: MappedRecord
  /** Null when the delivery involves no person (a deal webhook mapping no person fields). */
  dedupe: DedupeDecision | null
  company: CompanyLink | null
  deal: DealDraft | null
}

function involvesPerson(settings: IntakeSettings, record: MappedRecord): boolean {
  const { person } = record
  return (
    settings.objectType === 'person' ||
    Boolean(person.fullName || person.primaryEmail || person.primaryPhone)
  )
}

function planDeal(
  settings: IntakeSettings,
  record: MappedRecord,
  dedupe: DedupeDecision | null,
  payload: unknown,
): DealDraft | null {
  if (settings.objectType === 'deal') return dealFromMapping(record)
  if (settings.createDeal && dedupe?.decision === 'create') {
    return dealFromAction(settings.createDeal, record, payload)
  }
  return null
}

/**
 * A person to create without a name: the payload gave the mapped name no value, or the mapping
 * has none, and then this webhook (or import) can only update the people it finds.
 */
function nameless(settings: IntakeSettings) {
  if (settings.mapping.some(([target]) => target === 'fullName')) {
    return noValue('fullName', 'payload')
  }
  return badValue(
    'fullName',
    'is required to create a person, and the mapping has no fullName: map one, or this ' +
      'webhook only updates the people it finds',
  )
}

/**
 * Maps a payload and decides what it would do: which person it updates or creates, the company
 * a new person joins, the deal it creates. Reads only. Throws the 422 a delivery would get when a
 * value is invalid or a required field has no value.
 */
export async function planIntake(
  db: Db,
  tenantId: string,
  settings: IntakeSettings,
  payload: unknown,
): Promise<IntakePlan> {
  const record = mapPayload(settings.mapping, payload, settings.country)
  record.person.tags = normalizeTags([...record.person.tags, ...settings.addTags])
  let dedupe: DedupeDecision | null = null
  let company: CompanyLink | null = null
  if (involvesPerson(settings, record)) {
    dedupe = await decideDedupe(db, tenantId, settings.dedupe, record.person)
    if (dedupe.decision === 'create') {
      if (!record.person.fullName) throw nameless(settings)
      company = await planCompanyLink(db, tenantId, record.person)
    }
  }
  return { record, dedupe, company, deal: planDeal(settings, record, dedupe, payload) }
}
