// The fields a mapping can fill, and the record a payload becomes once mapped.

import { customFieldKeyPattern } from '../../shared/fields/custom-field'
import type { LifecycleStage } from '../../shared/lifecycle'
import type { InboundObjectType } from '../db/database'

import {
  customFieldPrefix,
  dealTargetNames,
  personTargetNames,
  workTargetNames,
  type DealTarget,
  type PersonTarget,
  type WorkTarget,
} from '../../shared/mapping-targets'

export { customFieldPrefix, type DealTarget, type PersonTarget }

/** The target that takes a whole object of custom fields (`"customFields": "{{extra}}"`). */
export const customFieldsTarget = 'customFields'
export const personTargets = personTargetNames
export const dealTargets = dealTargetNames

export interface MappedPerson {
  fullName?: string
  primaryEmail?: string
  primaryPhone?: string
  companyId?: string
  ownerId?: string
  lifecycleStage?: LifecycleStage
  leadSource?: string
  tags: string[]
  customFields: Record<string, unknown>
}

export interface MappedDeal {
  title?: string
  value?: number
  currency?: string
  pipelineId?: string
  stageId?: string
  expectedCloseDate?: string
}

/** A note and a task a payload leaves on the person (or the deal it creates). */
export type MappedWork = Partial<Record<WorkTarget, string>>

/** What a payload gives once mapped and coerced: the person's fields, the deal's, the work. */
export interface MappedRecord {
  person: MappedPerson
  deal: MappedDeal
  work: MappedWork
}

/** An empty mapped record: no fields, no tags, no custom fields. */
export function emptyRecord(): MappedRecord {
  return { person: { tags: [], customFields: {} }, deal: {}, work: {} }
}

export const isWorkTarget = (target: string): target is WorkTarget =>
  (workTargetNames as readonly string[]).includes(target)

export const isPersonTarget = (target: string): target is PersonTarget =>
  (personTargetNames as readonly string[]).includes(target)

export const isDealTarget = (target: string): target is DealTarget =>
  (dealTargetNames as readonly string[]).includes(target)

/** Whether a target takes a list of values (tags, custom fields) rather than one. */
export const isListTarget = (target: string) =>
  target === 'tags' || target.startsWith(customFieldPrefix)

/** Why `target` cannot be mapped by a webhook of `objectType`, or null when it can. */
export function targetProblem(objectType: InboundObjectType, target: string): string | null {
  // A placeholder whose value is an object: each of its keys a custom field (normalise.ts).
  if (target === customFieldsTarget) return null
  if (target.startsWith(customFieldPrefix)) {
    return customFieldKeyPattern.test(target.slice(customFieldPrefix.length))
      ? null
      : 'custom field keys are 1 to 64 letters, digits, _ or -'
  }
  if (isPersonTarget(target) || isWorkTarget(target)) return null
  if (isDealTarget(target)) {
    return objectType === 'deal' ? null : 'is a deal field; this webhook creates people'
  }
  return 'is not a field Outpost can map'
}
