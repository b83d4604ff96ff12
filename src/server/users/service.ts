import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import { inTransaction, type Db } from '../db/connection'
import type { UserTable } from '../db/database'
import { selectTenantPage } from '../db/tenant-page'
import { detachDeals } from '../deals/service'
import { conflict, notFound } from '../http/errors'
import type { PageRequest } from '../http/pagination'
import { detachPeople } from '../people/service'
import * as users from './repository'
import type { CreateUserInput, UpdateUserInput, User } from './schema'

export const toUser = (row: Selectable<UserTable>): User => ({ ...row })

async function assertEmailFree(db: Db, tenantId: string, email: string, selfId?: string) {
  const holder = await users.findUserByEmail(db, tenantId, email)
  if (holder && holder.id !== selfId) {
    throw conflict('email', `A user with e-mail ${email} already exists`, holder.id)
  }
}

export async function createUser(
  db: Db,
  tenantId: string,
  input: CreateUserInput,
  now: Date,
): Promise<User> {
  return inTransaction(db, async (trx) => {
    if (input.email) await assertEmailFree(trx, tenantId, input.email)
    const row = {
      id: randomUUID(),
      tenantId,
      name: input.name,
      email: input.email ?? null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    }
    await users.insertUser(trx, row)
    return toUser(row)
  })
}

export async function getUser(db: Db, tenantId: string, id: string): Promise<User> {
  const row = await users.findUserById(db, tenantId, id)
  if (!row) throw notFound('User')
  return toUser(row)
}

export const listUsers = (db: Db, tenantId: string, request: PageRequest) =>
  selectTenantPage(db, 'users', tenantId, request, (rows) => rows.map(toUser))

export async function updateUser(
  db: Db,
  tenantId: string,
  id: string,
  input: UpdateUserInput,
  now: Date,
): Promise<User> {
  return inTransaction(db, async (trx) => {
    const before = await getUser(trx, tenantId, id)
    if (input.email) await assertEmailFree(trx, tenantId, input.email, id)
    const name = input.name ?? before.name
    const email = input.email === undefined ? before.email : input.email
    if (name === before.name && email === before.email) return before
    const updatedAt = now.toISOString()
    await users.updateUser(trx, id, { name, email, updatedAt })
    return { ...before, name, email, updatedAt }
  })
}

/** Removes a user; the people and deals they owned keep existing, with no owner. */
export async function deleteUser(db: Db, tenantId: string, id: string, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    await getUser(trx, tenantId, id)
    await detachPeople(trx, tenantId, 'ownerId', id, now)
    await detachDeals(trx, tenantId, 'ownerId', id, now)
    await users.deleteUser(trx, id)
  })
}
