import { newId, type MadeElsewhere } from '../ids'
import { inferCompany } from '../activities/service'
import { requireCompany } from '../companies/lookup'
import { inTransaction, type Db } from '../db/connection'
import { selectTenantRowsAfter, type CreationCursor } from '../db/tenant-page'
import { currentActor } from '../events/actor'
import { diffFields, recordEvents } from '../events/service'
import { invalidField, notFound } from '../http/errors'
import { paginate } from '../http/pagination'
import { requireUser } from '../users/lookup'
import * as notes from './repository'
import type { CreateNoteInput, Note, NoteQuery, UpdateNoteInput } from './schema'

export const toNote = (row: notes.NoteRow): Note => ({ ...row, pinned: row.pinned === 1 })

/** The note, or undefined when the workspace has none with this id. */
export async function findNote(db: Db, tenantId: string, id: string): Promise<Note | undefined> {
  const row = await notes.findNoteById(db, tenantId, id)
  return row ? toNote(row) : undefined
}

export async function getNote(db: Db, tenantId: string, id: string): Promise<Note> {
  const note = await findNote(db, tenantId, id)
  if (!note) throw notFound('Note')
  return note
}

export const listNotes = (db: Db, tenantId: string, query: NoteQuery) =>
  paginate(
    query,
    () => notes.countNotes(db, tenantId, query),
    async (limit, offset) =>
      (await notes.listNotes(db, tenantId, query, limit, offset)).map(toNote),
  )

/** A note's date: any past moment, as UTC; a note about the future is a task instead. */
function notedAtOf(input: string | undefined, now: Date, elsewhere = false): string {
  if (input === undefined) return now.toISOString()
  const at = new Date(input)
  // A time decided where the note was written (sync/) stands: that laptop's clock may run ahead.
  if (!elsewhere && at.getTime() > now.getTime() + 60_000) {
    throw invalidField('notedAt', 'notedAt cannot be in the future; schedule an activity instead')
  }
  return at.toISOString()
}

/** The user writing in the app, when they said who they are: a note's author unless one is sent. */
function appUserId(db: Db): string | null {
  const actor = currentActor(db)
  return actor?.kind === 'user' ? actor.id : null
}

/** Writes a note on a person, deal or company; emits note.created. */
export async function createNote(
  db: Db,
  tenantId: string,
  input: CreateNoteInput,
  now: Date,
  made?: MadeElsewhere,
) {
  return inTransaction(db, async (trx) => {
    const { personId = null, dealId = null } = input
    if (!personId && !dealId && !input.companyId) {
      throw invalidField('personId', 'A note is on a person, a deal or a company: send one id')
    }
    if (input.companyId) await requireCompany(trx, tenantId, input.companyId, 'companyId')
    if (input.authorId) await requireUser(trx, tenantId, input.authorId, 'authorId')
    const inferred = await inferCompany(trx, tenantId, { dealId, personId })
    const timestamp = now.toISOString()
    const note: Note = {
      id: made?.id ?? newId(),
      tenantId,
      body: input.body,
      authorId: input.authorId !== undefined ? input.authorId : appUserId(trx),
      pinned: input.pinned ?? false,
      personId,
      dealId,
      // Made elsewhere, the company it was given there stands, none included (sync/).
      companyId: made ? (input.companyId ?? null) : (input.companyId ?? inferred),
      notedAt: notedAtOf(input.notedAt, now, made !== undefined),
      createdAt: made?.createdAt ?? timestamp,
      updatedAt: timestamp,
    }
    await notes.insertNote(trx, { ...note, pinned: note.pinned ? 1 : 0 })
    await recordEvents(trx, tenantId, now, [
      { type: 'note.created', resource: note, data: { object: note } },
    ])
    return note
  })
}

/** Edits, pins or re-dates a note; emits note.updated. */
export async function updateNote(
  db: Db,
  tenantId: string,
  id: string,
  input: UpdateNoteInput,
  now: Date,
  /** The change was made elsewhere (sync/): its notedAt stands, as createNote's `made`. */
  elsewhere = false,
): Promise<Note> {
  return inTransaction(db, async (trx) => {
    const before = await getNote(trx, tenantId, id)
    if (input.authorId) await requireUser(trx, tenantId, input.authorId, 'authorId')
    const after: Note = {
      ...before,
      body: input.body ?? before.body,
      authorId: input.authorId !== undefined ? input.authorId : before.authorId,
      pinned: input.pinned ?? before.pinned,
      notedAt:
        input.notedAt === undefined ? before.notedAt : notedAtOf(input.notedAt, now, elsewhere),
    }
    const change = diffFields(before, after, ['updatedAt'])
    if (change.changes.length === 0) return before
    after.updatedAt = now.toISOString()
    const { body, authorId, pinned, notedAt, updatedAt } = after
    await notes.updateNote(trx, id, { body, authorId, pinned: pinned ? 1 : 0, notedAt, updatedAt })
    await recordEvents(trx, tenantId, now, [
      { type: 'note.updated', resource: after, data: { object: after, ...change } },
    ])
    return after
  })
}

export async function deleteNote(db: Db, tenantId: string, id: string, now: Date) {
  await inTransaction(db, async (trx) => {
    const before = await getNote(trx, tenantId, id)
    await notes.deleteNote(trx, id)
    await recordEvents(trx, tenantId, now, [
      { type: 'note.deleted', resource: before, data: { object: before } },
    ])
  })
}

/** Notes of the workspace in creation order, `limit` at a time after `after` (exports). */
export async function listNotesAfter(
  db: Db,
  tenantId: string,
  after: CreationCursor | null,
  limit: number,
): Promise<Note[]> {
  return (await selectTenantRowsAfter(db, 'notes', tenantId, after, limit)).map(toNote)
}

/**
 * Moves the notes on a merged person or company to the one it lives on as (sync/, rule 4), each
 * with its note.updated: replicas move them too before the merged one's deletion takes the
 * notes still on it. Also how a note moves when such a change comes from elsewhere.
 */
export async function moveNotes(
  db: Db,
  tenantId: string,
  column: 'personId' | 'companyId',
  from: string,
  to: string,
  now: Date,
): Promise<void> {
  for (const row of await notes.listNotesOn(db, tenantId, column, from)) {
    await relinkNote(db, tenantId, toNote(row), { [column]: to }, now)
  }
}

/** Puts a note on another person, deal or company: only sync does (merges). */
export async function relinkNote(
  db: Db,
  tenantId: string,
  before: Note,
  links: Partial<Pick<Note, 'personId' | 'dealId' | 'companyId'>>,
  now: Date,
): Promise<void> {
  const after: Note = { ...before, ...links }
  if (!after.personId && !after.dealId && !after.companyId) {
    throw invalidField('personId', 'A note is on a person, a deal or a company')
  }
  const change = diffFields(before, after, ['updatedAt'])
  if (change.changes.length === 0) return
  after.updatedAt = now.toISOString()
  const { personId, dealId, companyId, updatedAt } = after
  await notes.updateNote(db, before.id, { personId, dealId, companyId, updatedAt })
  await recordEvents(db, tenantId, now, [
    { type: 'note.updated', resource: after, data: { object: after, ...change } },
  ])
}
