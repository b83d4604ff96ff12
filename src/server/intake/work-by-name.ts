// Activities and notes as a CSV row describes them: the person by e-mail, the deal by title, the
// company and users by name (ids work too). The row becomes the same body the REST API takes and
// is checked by the same schema, so an import refuses exactly what the API would.

import type { z } from 'zod'
import {
  activityImportTargets,
  noteImportTargets,
  requiredImportTargets,
  type ActivityImportTarget,
  type NoteImportTarget,
} from '../../shared/import-targets'
import { createActivityBody } from '../activities/schema'
import { createActivity } from '../activities/service'
import type { Db } from '../db/connection'
import { dealIdByTitle } from '../deals/lookup'
import { validationFailure } from '../http/validation'
import { createNoteBody } from '../notes/schema'
import { createNote } from '../notes/service'
import { badValue } from './errors'
import type { MappingValue } from './mapping'
import type { NameLookups } from './names'
import {
  compileTargetMapping,
  mappedTexts,
  type TargetList,
  type TargetMapping,
} from './target-mapping'

const activityTargets: TargetList<ActivityImportTarget> = {
  noun: 'an activity import',
  targets: activityImportTargets.map(([target]) => target),
  required: requiredImportTargets.activities,
}

const noteTargets: TargetList<NoteImportTarget> = {
  noun: 'a note import',
  targets: noteImportTargets.map(([target]) => target),
  required: requiredImportTargets.notes,
}

export type ActivityMapping = TargetMapping<ActivityImportTarget>
export type NoteMapping = TargetMapping<NoteImportTarget>

export const compileActivityMapping = (mapping: Readonly<Record<string, MappingValue>>) =>
  compileTargetMapping(activityTargets, mapping)

export const compileNoteMapping = (mapping: Readonly<Record<string, MappingValue>>) =>
  compileTargetMapping(noteTargets, mapping)

// Spreadsheets say yes in many ways; Brazilian ones in Portuguese.
const yes = /^(yes|y|true|1|x|done|sim|s|feito|feita)$/i
const no = /^(no|n|false|0|não|nao|pending|pendente)$/i

function flag(field: string, text: string): boolean {
  if (yes.test(text.trim())) return true
  if (no.test(text.trim())) return false
  throw badValue(field, `"${text}" is not yes or no`)
}

function wholeNumber(field: string, text: string): number {
  const number = Number(text.trim())
  if (!Number.isInteger(number)) throw badValue(field, `"${text}" is not a whole number`)
  return number
}

/** The body as the REST API would check it; the first bad field refuses the row. */
function checked<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw validationFailure(parsed.error, 'json')
  return parsed.data
}

/**
 * Takes in one activity described by names, in the caller's transaction, through the activities
 * service (with its activity.created event). A done row without a date is dated now.
 */
export async function receiveActivityByName(
  trx: Db,
  tenantId: string,
  names: NameLookups,
  mapping: ActivityMapping,
  record: Record<string, string>,
  now: Date,
): Promise<'created'> {
  const { need, optional } = mappedTexts(mapping, record)
  const personId = await optional('person', (text) => names.person(trx, 'person', text))
  const body = checked(createActivityBody, {
    type: optional('type', (text) => text.trim().toLowerCase()),
    subject: need('subject'),
    body: optional('body', (text) => text),
    dueDate: optional('dueDate', (text) => text.trim()),
    dueTime: optional('dueTime', (text) => text.trim()),
    durationMinutes: optional('durationMinutes', (text) => wholeNumber('durationMinutes', text)),
    done: optional('done', (text) => flag('done', text)),
    outcome: optional('outcome', (text) => text),
    priority: optional('priority', (text) => text.trim().toLowerCase()),
    personIds: personId ? [personId] : undefined,
    dealId: await optional('deal', (text) => dealIdByTitle(trx, tenantId, 'deal', text)),
    companyId: optional('company', (text) => names.company('company', text)),
    assigneeId: optional('assignee', (text) => names.user('assignee', text)),
  })
  await createActivity(trx, tenantId, body, now)
  return 'created'
}

/** A date alone is read as noon UTC that day, so no time zone moves the note to another day. */
const dateTimeOf = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? `${text.trim()}T12:00:00Z` : text.trim()

/** Takes in one note described by names, through the notes service (note.created). */
export async function receiveNoteByName(
  trx: Db,
  tenantId: string,
  names: NameLookups,
  mapping: NoteMapping,
  record: Record<string, string>,
  now: Date,
): Promise<'created'> {
  const { need, optional } = mappedTexts(mapping, record)
  const body = checked(createNoteBody, {
    body: need('body'),
    personId: await optional('person', (text) => names.person(trx, 'person', text)),
    dealId: await optional('deal', (text) => dealIdByTitle(trx, tenantId, 'deal', text)),
    companyId: optional('company', (text) => names.company('company', text)),
    authorId: optional('author', (text) => names.user('author', text)),
    pinned: optional('pinned', (text) => flag('pinned', text)),
    notedAt: optional('notedAt', dateTimeOf),
  })
  await createNote(trx, tenantId, body, now)
  return 'created'
}
