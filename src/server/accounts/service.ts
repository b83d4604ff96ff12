import { randomUUID } from 'node:crypto'
import type { AuthContext } from '../app-env'
import { requirePermission } from '../access/forbidden'
import { inTransaction, type Db } from '../db/connection'
import { ApiError, conflict, notFound } from '../http/errors'
import { paginate, type Page, type PageRequest } from '../http/pagination'
import { findUserIdByEmail } from '../users/lookup'
import { createUser } from '../users/service'
import type { Role } from '../../shared/permissions'
import { normaliseEmail } from './lookup'
import { decoyHash, hashPassword, verifyPassword } from './password'
import * as accounts from './repository'
import type { InviteMemberInput, Member, UpdateMemberInput } from './schema'

type MemberRow = NonNullable<Awaited<ReturnType<typeof accounts.findMember>>>
const toMember = (row: MemberRow): Member => ({ ...row })

export const listMembers = (
  db: Db,
  tenantId: string,
  request: PageRequest,
): Promise<Page<Member>> =>
  paginate(
    request,
    () => accounts.countMembers(db, tenantId),
    async (limit, offset) =>
      (await accounts.listMembers(db, tenantId, limit, offset)).map(toMember),
  )

export async function getMember(db: Db, tenantId: string, accountId: string): Promise<Member> {
  const row = await accounts.findMember(db, tenantId, accountId)
  if (!row) throw notFound('Member')
  return toMember(row)
}

/**
 * The account with this e-mail, made (with no password) when there is none yet. Used by invitations
 * and by `outpost member add`.
 */
export async function ensureAccount(
  db: Db,
  input: { email: string; name?: string },
  now: Date,
): Promise<{ id: string; name: string; email: string }> {
  const email = normaliseEmail(input.email)
  const existing = await accounts.findAccountByEmail(db, email)
  if (existing) return existing
  const row = {
    id: randomUUID(),
    email,
    name: input.name ?? email.split('@')[0]!,
    passwordHash: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  }
  await accounts.insertAccount(db, row)
  return row
}

/**
 * Adds an account to the workspace with a role, acting as the workspace user of its e-mail (made
 * when there is none). Only owners make owners.
 */
export async function inviteMember(
  db: Db,
  tenantId: string,
  input: InviteMemberInput,
  now: Date,
  by: Pick<AuthContext, 'permissions'>,
): Promise<Member> {
  if (input.role === 'owner') requirePermission(by, 'owners.manage')
  return inTransaction(db, async (trx) => {
    const account = await ensureAccount(trx, input, now)
    if (await accounts.findMembership(trx, account.id, tenantId)) {
      throw conflict('email', `${account.email} is a member of this workspace already`, account.id)
    }
    const userId =
      (await findUserIdByEmail(trx, tenantId, account.email))?.id ??
      (
        await createUser(
          trx,
          tenantId,
          { name: input.name ?? account.name, email: account.email },
          now,
        )
      ).id
    await accounts.insertMembership(trx, {
      accountId: account.id,
      tenantId,
      role: input.role,
      userId,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    return getMember(trx, tenantId, account.id)
  })
}

// Owners are made and unmade by owners only, and the last owner stays one.
async function assertRoleChange(
  db: Db,
  tenantId: string,
  before: Member,
  after: Role | null,
  by: Pick<AuthContext, 'permissions'>,
) {
  if (before.role === 'owner' || after === 'owner') {
    requirePermission(by, 'owners.manage')
  }
  if (
    before.role === 'owner' &&
    after !== 'owner' &&
    (await accounts.countOwners(db, tenantId)) <= 1
  ) {
    throw conflict('role', 'A workspace keeps at least one owner: make another member owner first')
  }
}

export async function changeMemberRole(
  db: Db,
  tenantId: string,
  accountId: string,
  input: UpdateMemberInput,
  now: Date,
  by: Pick<AuthContext, 'permissions'>,
): Promise<Member> {
  return inTransaction(db, async (trx) => {
    const before = await getMember(trx, tenantId, accountId)
    if (before.role === input.role) return before
    await assertRoleChange(trx, tenantId, before, input.role, by)
    await accounts.updateMembershipRole(trx, tenantId, accountId, {
      role: input.role,
      updatedAt: now.toISOString(),
    })
    return getMember(trx, tenantId, accountId)
  })
}

/** Takes the account out of the workspace: its sessions and tokens lose it at once. */
export async function removeMember(
  db: Db,
  tenantId: string,
  accountId: string,
  by: Pick<AuthContext, 'permissions'>,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await getMember(trx, tenantId, accountId)
    await assertRoleChange(trx, tenantId, before, null, by)
    await accounts.deleteMembership(trx, tenantId, accountId)
  })
}

/** The account this e-mail and password sign in, or null; as slow for an unknown e-mail. */
export async function checkPassword(
  db: Db,
  email: string,
  password: string,
): Promise<{ id: string } | null> {
  const account = await accounts.findAccountByEmail(db, normaliseEmail(email))
  const stored = account?.passwordHash ?? (await decoyHash())
  const matches = await verifyPassword(password, stored)
  return account?.passwordHash && matches ? { id: account.id } : null
}

/**
 * Sets the account's first password, or replaces it given the current one (422 naming
 * `currentPassword` otherwise), so a browser left signed in cannot lock its owner out.
 */
export async function setPassword(
  db: Db,
  accountId: string,
  input: { password: string; currentPassword?: string },
  now: Date,
) {
  const account = await accounts.findAccountById(db, accountId)
  if (!account) throw notFound('Account')
  if (
    account.passwordHash &&
    !(input.currentPassword && (await verifyPassword(input.currentPassword, account.passwordHash)))
  ) {
    throw new ApiError('validation_error', 'The current password is not right', {
      field: 'currentPassword',
    })
  }
  await accounts.updateAccount(db, accountId, {
    passwordHash: await hashPassword(input.password),
    updatedAt: now.toISOString(),
  })
}
