import type { Insertable } from 'kysely'
import type { Db } from '../db/connection'
import { insertRows } from '../db/tenant-rows'
import type { LoginLinkTable, SessionTable } from '../db/database'

export const insertSession = (db: Db, row: Insertable<SessionTable>) =>
  insertRows(db, 'sessions', [row])

export async function findSessionByHash(db: Db, secretHash: string) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('secretHash', '=', secretHash)
    .executeTakeFirst()
}

export async function extendSession(
  db: Db,
  id: string,
  values: { expiresAt: string; lastSeenAt: string },
): Promise<void> {
  await db.updateTable('sessions').set(values).where('id', '=', id).execute()
}

export async function deleteSessionByHash(db: Db, secretHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('secretHash', '=', secretHash).execute()
}

export async function deleteSessionsExpiredBefore(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute()
}

export async function findSessionById(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'expiresAt'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export const insertLoginLink = (db: Db, row: Insertable<LoginLinkTable>) =>
  insertRows(db, 'loginLinks', [row])

/** Deletes the link with this hash and returns it: whoever deletes it is the one who used it. */
export async function takeLoginLinkByHash(db: Db, secretHash: string) {
  return db
    .deleteFrom('loginLinks')
    .where('secretHash', '=', secretHash)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteLoginLinksExpiredBefore(db: Db, now: string): Promise<void> {
  await db.deleteFrom('loginLinks').where('expiresAt', '<=', now).execute()
}
