import type { Insertable, Selectable, Updateable } from 'kysely'
import type { Db } from '../db/connection'
import type { NoteTable } from '../db/database'
import { findTenantRow, insertRows } from '../db/tenant-rows'
import type { NoteQuery } from './schema'

export type NoteRow = Selectable<NoteTable>

export const insertNote = (db: Db, row: Insertable<NoteTable>) => insertRows(db, 'notes', [row])

export const findNoteById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'notes', tenantId, id)

export async function updateNote(db: Db, id: string, values: Updateable<NoteTable>) {
  await db.updateTable('notes').set(values).where('id', '=', id).execute()
}

export async function deleteNote(db: Db, id: string): Promise<void> {
  await db.deleteFrom('notes').where('id', '=', id).execute()
}

function filtered(db: Db, tenantId: string, filters: Omit<NoteQuery, 'page' | 'pageSize'>) {
  let query = db.selectFrom('notes').where('tenantId', '=', tenantId)
  if (filters.personId) query = query.where('personId', '=', filters.personId)
  if (filters.dealId) query = query.where('dealId', '=', filters.dealId)
  if (filters.companyId) query = query.where('companyId', '=', filters.companyId)
  if (filters.pinned !== undefined) query = query.where('pinned', '=', filters.pinned ? 1 : 0)
  return query
}

export async function countNotes(db: Db, tenantId: string, filters: NoteQuery) {
  const { total } = await filtered(db, tenantId, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return total
}

export function listNotes(
  db: Db,
  tenantId: string,
  query: NoteQuery,
  limit: number,
  offset: number,
) {
  return filtered(db, tenantId, query)
    .selectAll()
    .orderBy('notedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

/** Moves the notes written on person `from` to person `to` (a merge of two people). */
/** The notes on one record (a person or a company), for a merge that moves them. */
export function listNotesOn(
  db: Db,
  tenantId: string,
  column: 'personId' | 'companyId',
  id: string,
): Promise<NoteRow[]> {
  return db
    .selectFrom('notes')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where(column, '=', id)
    .orderBy('id')
    .execute()
}
