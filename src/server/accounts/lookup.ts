// What other areas (sessions, tokens) may ask of this one without importing its service.
import { rolePermissions, type Permission } from '../../shared/permissions'
import type { Db } from '../db/connection'
import * as accounts from './repository'

export const normaliseEmail = (email: string): string => email.trim().toLowerCase()

/** The account with this id, or undefined. */
export const findAccount = (db: Db, id: string) => accounts.findAccountById(db, id)

/** The account signed in with this e-mail, in any case, or undefined. */
export const findAccountByEmail = (db: Db, email: string) =>
  accounts.findAccountByEmail(db, normaliseEmail(email))

/** The account's role in the workspace and the user it acts as, or undefined when not a member. */
export const findMembership = (db: Db, accountId: string, tenantId: string) =>
  accounts.findMembership(db, accountId, tenantId)

/** What the account may do in the workspace now: nothing once it has left it. */
export async function accountPermissions(
  db: Db,
  accountId: string,
  tenantId: string,
): Promise<readonly Permission[]> {
  const membership = await accounts.findMembership(db, accountId, tenantId)
  return membership ? rolePermissions[membership.role] : []
}

/** The workspaces the account belongs to, with its role in each. */
export const workspacesOfAccount = (db: Db, accountId: string) =>
  accounts.listWorkspacesOfAccount(db, accountId)
