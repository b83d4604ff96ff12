import type { MappingValue } from '../../api/types'
import { customFieldKeyFor } from '../../../../shared/fields/custom-field'
import {
  activityImportTargets,
  requiredImportTargets,
  dealImportTargets,
  noteImportTargets,
  personNameTargets,
  type ActivityImportTarget,
  type DealImportTarget,
  type ImportKind,
  type NoteImportTarget,
} from '../../../../shared/import-targets'
import {
  personMappingTargets,
  workMappingTargets,
  type PersonTarget,
  type WorkTarget,
} from '../../../../shared/mapping-targets'
import { columnPlaceholder } from './csv-preview'

// The fields a CSV column may fill, by what the file holds.

/** People take the inbound webhooks' fields (ids left to the by-name columns) and custom fields. */
type PersonFieldTarget = Exclude<PersonTarget, 'companyId' | 'ownerId'>

/**
 * A name kept in two columns (most exports: First Name, Last Name): each fills its part of the
 * full name, which the import sends as one template, `{{First Name}} {{Last Name}}`.
 */
export const nameParts = ['firstName', 'lastName'] as const

type PeopleImportTarget =
  | PersonFieldTarget
  | WorkTarget
  | (typeof nameParts)[number]
  | (typeof personNameTargets)[number][0]

/**
 * Each target's label in the `importExport` catalogue, by its field key (the shared lists' words
 * are English, for the server): a target added there without a label here fails the type check.
 */
const peopleLabels = {
  fullName: 'targets.people.fullName',
  firstName: 'targets.people.firstName',
  lastName: 'targets.people.lastName',
  primaryEmail: 'targets.people.primaryEmail',
  primaryPhone: 'targets.people.primaryPhone',
  lifecycleStage: 'targets.people.lifecycleStage',
  leadSource: 'targets.people.leadSource',
  tags: 'targets.people.tags',
  company: 'targets.people.company',
  owner: 'targets.people.owner',
  note: 'targets.people.note',
  task: 'targets.people.task',
} as const satisfies { [Target in PeopleImportTarget]: `targets.people.${Target}` }

const dealLabels = {
  title: 'targets.deals.title',
  value: 'targets.deals.value',
  currency: 'targets.deals.currency',
  pipeline: 'targets.deals.pipeline',
  stage: 'targets.deals.stage',
  person: 'targets.deals.person',
  company: 'targets.deals.company',
  owner: 'targets.deals.owner',
  lostReason: 'targets.deals.lostReason',
  expectedCloseDate: 'targets.deals.expectedCloseDate',
  tags: 'targets.deals.tags',
} as const satisfies { [Target in DealImportTarget]: `targets.deals.${Target}` }

const activityLabels = {
  type: 'targets.activities.type',
  subject: 'targets.activities.subject',
  body: 'targets.activities.body',
  dueDate: 'targets.activities.dueDate',
  dueTime: 'targets.activities.dueTime',
  durationMinutes: 'targets.activities.durationMinutes',
  done: 'targets.activities.done',
  outcome: 'targets.activities.outcome',
  priority: 'targets.activities.priority',
  person: 'targets.activities.person',
  deal: 'targets.activities.deal',
  company: 'targets.activities.company',
  assignee: 'targets.activities.assignee',
} as const satisfies { [Target in ActivityImportTarget]: `targets.activities.${Target}` }

const noteLabels = {
  body: 'targets.notes.body',
  person: 'targets.notes.person',
  deal: 'targets.notes.deal',
  company: 'targets.notes.company',
  author: 'targets.notes.author',
  pinned: 'targets.notes.pinned',
  notedAt: 'targets.notes.notedAt',
} as const satisfies { [Target in NoteImportTarget]: `targets.notes.${Target}` }

export type TargetLabel =
  | (typeof peopleLabels)[PeopleImportTarget]
  | (typeof dealLabels)[DealImportTarget]
  | (typeof activityLabels)[ActivityImportTarget]
  | (typeof noteLabels)[NoteImportTarget]

const isPeopleTarget = (target: PersonTarget): target is PersonFieldTarget =>
  target !== 'companyId' && target !== 'ownerId'

/** Each kind's targets, in the shared lists' order, each with its label's catalogue key. */
export const targetsOf: Record<ImportKind, readonly (readonly [string, TargetLabel])[]> = {
  people: [
    ...personMappingTargets
      .map(([target]) => target)
      .filter(isPeopleTarget)
      .flatMap((target) => (target === 'fullName' ? [target, ...nameParts] : [target]))
      .map((target) => [target, peopleLabels[target]] as const),
    ...personNameTargets.map(([target]) => [target, peopleLabels[target]] as const),
    // What a row leaves on its person besides the fields, as an inbound delivery can.
    ...workMappingTargets.map(([target]) => [target, peopleLabels[target]] as const),
  ],
  deals: dealImportTargets.map(([target]) => [target, dealLabels[target]] as const),
  activities: activityImportTargets.map(([target]) => [target, activityLabels[target]] as const),
  notes: noteImportTargets.map(([target]) => [target, noteLabels[target]] as const),
}

/** The custom field a people column fills when no field of Outpost's fits it. */
export const customValue = (header: string) => `customFields.${customFieldKeyFor(header)}`

const isNamePart = (target: string) => (nameParts as readonly string[]).includes(target)

/** Targets that cannot fill the same record's field as `target`: a full name or its parts. */
const rivalsOf = (target: string): readonly string[] =>
  target === 'fullName' ? nameParts : isNamePart(target) ? ['fullName'] : []

/**
 * The targets after column `index` is given `target`: a field is filled by one column, so the
 * column that had it gives it up (custom fields are each their own column's already), and so do
 * the columns of a full name's parts when a column takes the full name, and the other way round.
 */
export const withTarget = (targets: string[], index: number, target: string) =>
  targets.map((current, position) =>
    position === index
      ? target
      : (current === target && !current.startsWith('customFields.')) ||
          rivalsOf(target).includes(current)
        ? ''
        : current,
  )

/**
 * The targets guessed from a file's header: each field once, and a whole name over its parts.
 * `rows`, the file's first rows, tell what a name column beside a last name but no first name
 * holds: "Nome" beside "Sobrenome" (Name, Surname) is the first name, unless its names already
 * end with the surname, when it is the whole name and the surname column says it again.
 */
export function guessedTargets(guessed: string[], rows: readonly string[][] = []): string[] {
  const named = firstNameBesideSurname(guessed, rows)
    ? guessed.map((target) => (target === 'fullName' ? 'firstName' : target))
    : guessed
  const whole = named.includes('fullName')
  return named.map((target, index) =>
    named.indexOf(target) === index && !(whole && isNamePart(target)) ? target : '',
  )
}

function firstNameBesideSurname(guessed: string[], rows: readonly string[][]): boolean {
  const [name, surname] = [guessed.indexOf('fullName'), guessed.indexOf('lastName')]
  if (name === -1 || surname === -1 || guessed.includes('firstName')) return false
  const pairs = rows
    .map((row) => [row[name]?.trim() ?? '', row[surname]?.trim() ?? ''] as const)
    .filter(([first, last]) => first !== '' && last !== '')
  const fold = (text: string) => text.toLocaleLowerCase()
  return !pairs.some(([first, last]) => fold(first).endsWith(` ${fold(last)}`))
}

/**
 * What an import sends for `header` mapped to `targets`: each column's placeholder under its
 * field (tags as a list), and a name in parts as one full-name template.
 */
export function mappingOf(header: string[], targets: string[]): Record<string, MappingValue> {
  const mapping: Record<string, MappingValue> = {}
  header.forEach((column, index) => {
    const target = targets[index]
    if (!target || isNamePart(target)) return
    mapping[target] = target === 'tags' ? [columnPlaceholder(column)] : columnPlaceholder(column)
  })
  const parts = nameParts.flatMap((part) => {
    const index = targets.indexOf(part)
    return index === -1 ? [] : [columnPlaceholder(header[index]!)]
  })
  if (parts.length > 0) mapping.fullName = parts.join(' ')
  return mapping
}

/** The fields a kind needs that no column fills yet (a name in parts fills the full name). */
export function missingTargets(kind: ImportKind, targets: string[]): string[] {
  const filled = (target: string) =>
    targets.includes(target) ||
    (target === 'fullName' && nameParts.some((part) => targets.includes(part)))
  return requiredImportTargets[kind].filter((target) => !filled(target))
}
