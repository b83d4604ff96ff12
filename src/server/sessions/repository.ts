import type { Insertable } from 'kysely'
import type { Db } from '../db/connection'
import type { LoginLinkTable, SessionTable } from '../db/database'

export async function insertSession(db: Db, row: Insertable<SessionTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute()
}

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

export async function insertLoginLink(db: Db, row: Insertable<LoginLinkTable>): Promise<void> {
  await db.insertInto('loginLinks').values(row).execute()
}

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
