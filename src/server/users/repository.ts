import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../db/connection'
import { findTenantRow, insertRows, findTenantIdBy } from '../db/tenant-rows'
import type { UserTable } from '../db/database'

export const insertUser = (db: Db, row: Insertable<UserTable>) => insertRows(db, 'users', [row])

export const findUserById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'users', tenantId, id)

export const findUserByEmail = (db: Db, tenantId: string, email: string) =>
  findTenantIdBy(db, 'users', tenantId, 'email', email)

export async function updateUser(db: Db, id: string, values: Updateable<UserTable>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute()
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute()
}
