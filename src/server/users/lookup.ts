// Lookups of users: what other areas may ask of this one without importing its service, so services
// depend downward only (see docs/architecture.md, Dependency rules).
import type { Db } from '../db/connection'
import { findTenantIdBy, findTenantRow } from '../db/tenant-rows'
import { unknownReference } from '../http/errors'

/** Whether `id` is a user of this workspace. */
export async function userExists(db: Db, tenantId: string, id: string): Promise<boolean> {
  return (await findUser(db, tenantId, id)) !== undefined
}

/** 422 naming `field` unless `id` is a user of this workspace. */
export async function requireUser(
  db: Db,
  tenantId: string,
  id: string,
  field: string,
): Promise<void> {
  if (!(await userExists(db, tenantId, id))) throw unknownReference(field, 'user')
}

/** A user of this workspace by id, or undefined. */
export async function findUser(db: Db, tenantId: string, id: string) {
  return findTenantRow(db, 'users', tenantId, id)
}

/** The id of the workspace's user with this e-mail, or undefined. */
export const findUserIdByEmail = (db: Db, tenantId: string, email: string) =>
  findTenantIdBy(db, 'users', tenantId, 'email', email)
