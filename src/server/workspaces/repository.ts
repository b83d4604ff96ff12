import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../db/connection'
import { insertRows } from '../db/tenant-rows'
import type { WorkspaceTable } from '../db/database'

export const insertWorkspace = (db: Db, row: Insertable<WorkspaceTable>) =>
  insertRows(db, 'workspaces', [row])

export async function findWorkspaceById(db: Db, id: string) {
  return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findWorkspaceByName(db: Db, name: string) {
  return db.selectFrom('workspaces').selectAll().where('name', '=', name).executeTakeFirst()
}

/** All workspaces, oldest first: the first is the default. */
export async function listWorkspaces(db: Db) {
  return db.selectFrom('workspaces').selectAll().orderBy('createdAt').orderBy('id').execute()
}

export async function updateWorkspace(db: Db, id: string, values: Updateable<WorkspaceTable>) {
  await db.updateTable('workspaces').set(values).where('id', '=', id).execute()
}

/** Deletes a workspace; every row of it goes too (each table's tenant_id cascades). */
export async function deleteWorkspace(db: Db, id: string): Promise<void> {
  await db.deleteFrom('workspaces').where('id', '=', id).execute()
}
