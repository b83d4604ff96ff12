import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../db/connection'
import type { AccountTable, MembershipTable } from '../db/database'
import type { Role } from '../../shared/permissions'

export async function insertAccount(db: Db, row: Insertable<AccountTable>): Promise<void> {
  await db.insertInto('accounts').values(row).execute()
}

export const findAccountByEmail = (db: Db, email: string) =>
  db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst()

export const findAccountById = (db: Db, id: string) =>
  db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst()

export async function updateAccount(db: Db, id: string, values: Updateable<AccountTable>) {
  await db.updateTable('accounts').set(values).where('id', '=', id).execute()
}

export async function insertMembership(db: Db, row: Insertable<MembershipTable>): Promise<void> {
  await db.insertInto('memberships').values(row).execute()
}

export const findMembership = (db: Db, accountId: string, tenantId: string) =>
  db
    .selectFrom('memberships')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst()

const membersOf = (db: Db, tenantId: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.accountId')
    .where('memberships.tenantId', '=', tenantId)

export async function countMembers(db: Db, tenantId: string): Promise<number> {
  const row = await membersOf(db, tenantId)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

const memberColumns = [
  'accounts.id',
  'accounts.email',
  'accounts.name',
  'memberships.role',
  'memberships.userId',
  'memberships.createdAt',
  'memberships.updatedAt',
] as const

/** One page of a workspace's members, newest first. */
export const listMembers = (db: Db, tenantId: string, limit: number, offset: number) =>
  membersOf(db, tenantId)
    .select(memberColumns)
    .orderBy('memberships.createdAt', 'desc')
    .orderBy('memberships.accountId', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()

export const findMember = (db: Db, tenantId: string, accountId: string) =>
  membersOf(db, tenantId)
    .select(memberColumns)
    .where('memberships.accountId', '=', accountId)
    .executeTakeFirst()

export async function countOwners(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('tenantId', '=', tenantId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

export async function updateMembershipRole(
  db: Db,
  tenantId: string,
  accountId: string,
  values: { role: Role; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('memberships')
    .set(values)
    .where('tenantId', '=', tenantId)
    .where('accountId', '=', accountId)
    .execute()
}

export async function deleteMembership(db: Db, tenantId: string, accountId: string) {
  await db
    .deleteFrom('memberships')
    .where('tenantId', '=', tenantId)
    .where('accountId', '=', accountId)
    .execute()
}

/** The workspaces an account belongs to, with its role in each, by workspace name. */
export const listWorkspacesOfAccount = (db: Db, accountId: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.tenantId')
    .select(['workspaces.id', 'workspaces.name', 'memberships.role'])
    .where('memberships.accountId', '=', accountId)
    .orderBy('workspaces.name')
    .execute()
