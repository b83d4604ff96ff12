// What a CSV import can fill, with the words the import screen shows for each: one list for the
// server, which checks mappings against it, and the renderer, which offers it.

export type ImportKind = 'people' | 'deals'

/** Targets of a people import beyond the inbound webhooks' person fields: names, not ids. */
export const personNameTargets = [
  ['company', 'Company (by name; created when new)'],
  ['owner', 'Owner (e-mail or name)'],
] as const

export const dealImportTargets = [
  ['title', 'Title'],
  ['value', 'Value'],
  ['currency', 'Currency'],
  ['pipeline', 'Pipeline (by name)'],
  ['stage', 'Stage (by name)'],
  ['person', 'Person (by e-mail)'],
  ['company', 'Company (by name)'],
  ['owner', 'Owner (e-mail or name)'],
  ['lostReason', 'Lost reason (by name)'],
  ['expectedCloseDate', 'Expected close date'],
  ['tags', 'Tags'],
] as const

export type DealImportTarget = (typeof dealImportTargets)[number][0]

/** What each kind of import cannot do without. */
export const requiredImportTargets: Record<ImportKind, readonly string[]> = {
  people: ['fullName'],
  deals: ['title', 'pipeline', 'stage'],
}
