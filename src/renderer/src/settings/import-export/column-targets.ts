import { customFieldKeyFor } from '../../../../shared/fields/custom-field'
import {
  dealImportTargets,
  personNameTargets,
  type ImportKind,
} from '../../../../shared/import-targets'
import { personTargets } from '../inbound/mapping-targets'

// The fields a CSV column may fill, by what the file holds.

// People take the inbound webhooks' fields (ids left to the by-name columns) and custom fields.
export const targetsOf: Record<ImportKind, readonly (readonly [string, string])[]> = {
  people: [
    ...personTargets.filter(([value]) => value !== 'companyId' && value !== 'ownerId'),
    ...personNameTargets,
  ],
  deals: dealImportTargets,
}

/** The custom field a people column fills when no field of Outpost's fits it. */
export const customValue = (header: string) => `customFields.${customFieldKeyFor(header)}`

/**
 * The targets after column `index` is given `target`: a field is filled by one column, so the
 * column that had it gives it up (custom fields are each their own column's already).
 */
export const withTarget = (targets: string[], index: number, target: string) =>
  targets.map((current, position) =>
    position === index
      ? target
      : current === target && !current.startsWith('customFields.')
        ? ''
        : current,
  )
