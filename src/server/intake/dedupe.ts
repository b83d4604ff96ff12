// Deduplication: whether a mapped person is someone the workspace already has.

import type { Db } from '../db/connection'
import type { DedupeStrategy } from '../db/database'
import {
  findOldestPersonMatching,
  findPersonIdByEmail,
  type PersonCriterion,
} from '../people/service'
import { customFieldKeyPattern } from '../../shared/fields/custom-field'
import { badSetting } from './errors'
import { customFieldPrefix, type MappedPerson } from './targets'

/** Fields a composite strategy may combine. */
export const compositeFields = [
  'fullName',
  'primaryEmail',
  'primaryPhone',
  'companyId',
  'leadSource',
] as const

export interface DedupeSettings {
  strategy: DedupeStrategy
  /** For composite: the fields that must all be equal. */
  fields: readonly string[]
}

export interface DedupeDecision {
  strategy: DedupeStrategy
  decision: 'create' | 'update'
  /** The person to update. */
  personId: string | null
  /** The fields the match was made on. */
  matchedOn: string[] | null
}

/** Whether `field` can be part of a composite strategy. */
export function isCompositeField(field: string): boolean {
  return (
    (compositeFields as readonly string[]).includes(field) ||
    (field.startsWith(customFieldPrefix) &&
      customFieldKeyPattern.test(field.slice(customFieldPrefix.length)))
  )
}

/**
 * Checks a configured strategy against the mapping: a composite strategy combines mapped fields
 * that can be compared, and only a composite strategy lists fields. A 400 naming the setting.
 */
export function compileDedupe(
  dedupe: { strategy: DedupeStrategy; fields?: string[] },
  mapping: Readonly<Record<string, unknown>>,
): DedupeSettings {
  const { strategy, fields = [] } = dedupe
  if (strategy !== 'composite' && fields.length > 0) {
    throw badSetting('dedupe.fields', 'applies to the composite strategy only')
  }
  if (strategy === 'composite' && fields.length === 0) {
    throw badSetting('dedupe.fields', 'must list the fields a composite strategy combines')
  }
  fields.forEach((field, index) => {
    if (!isCompositeField(field)) {
      throw badSetting(`dedupe.fields[${index}]`, `"${field}" cannot be combined`)
    }
    if (!(field in mapping)) {
      throw badSetting(
        `dedupe.fields[${index}]`,
        `"${field}" is not mapped, so it would never match`,
      )
    }
  })
  return { strategy, fields }
}

function criterionValue(person: MappedPerson, field: string): string | undefined {
  const value: unknown = field.startsWith(customFieldPrefix)
    ? person.customFields[field.slice(customFieldPrefix.length)]
    : person[field as (typeof compositeFields)[number]]
  if (value === undefined || value === null) return undefined
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** The composite criteria, or null when the person lacks one of the fields (no match possible). */
function compositeCriteria(person: MappedPerson, fields: readonly string[]) {
  const criteria: PersonCriterion[] = []
  for (const field of fields) {
    const value = criterionValue(person, field)
    if (value === undefined) return null
    criteria.push({ field: field as PersonCriterion['field'], value })
  }
  return criteria
}

/**
 * Decides whether `person` updates someone or creates a new person:
 * - `email`: the person holding the e-mail;
 * - `phone`: the oldest person with the same E.164 number;
 * - `composite`: the oldest person equal on every configured field (text without case);
 * - `none`: always creates.
 * An e-mail is unique in a workspace, so when `phone` or `composite` find nobody, the holder of
 * the e-mail (if any) is the match: creating would be refused as a duplicate anyway.
 */
export async function decideDedupe(
  db: Db,
  tenantId: string,
  settings: DedupeSettings,
  person: MappedPerson,
): Promise<DedupeDecision> {
  const { strategy } = settings
  const update = (personId: string, matchedOn: string[]): DedupeDecision => ({
    strategy,
    decision: 'update',
    personId,
    matchedOn,
  })
  if (strategy === 'none') return { strategy, decision: 'create', personId: null, matchedOn: null }
  if (strategy === 'phone' && person.primaryPhone) {
    const id = await findOldestPersonMatching(db, tenantId, [
      { field: 'primaryPhone', value: person.primaryPhone },
    ])
    if (id) return update(id, ['primaryPhone'])
  }
  if (strategy === 'composite') {
    const criteria = compositeCriteria(person, settings.fields)
    const id = criteria ? await findOldestPersonMatching(db, tenantId, criteria) : undefined
    if (id) return update(id, [...settings.fields])
  }
  if (person.primaryEmail) {
    const id = await findPersonIdByEmail(db, tenantId, person.primaryEmail)
    if (id) return update(id, ['primaryEmail'])
  }
  return { strategy, decision: 'create', personId: null, matchedOn: null }
}
