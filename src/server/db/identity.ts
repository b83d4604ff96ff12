// Who this database is. A restored backup, a file put back from a machine backup or copied in by
// hand holds the events it had then: a client's feed cursor from the live file may point past its
// newest event, or at a position the restored file has since given to other events. The identity
// is made anew whenever the file is not the one it was made on (another device or inode: a
// restore or a copy writes a new file), and by Outpost's own restore; feed cursors carry it
// (events/feed-position.ts), so such a cursor is answered with how to resynchronise.

import { randomBytes } from 'node:crypto'
import { statSync } from 'node:fs'
import type { Db } from './connection'

/** The file's device and inode: they change when the file is replaced, not when it is written. */
export function fileIdOf(file: string): string | null {
  try {
    const { dev, ino } = statSync(file)
    return `${dev}:${ino}`
  } catch {
    return null
  }
}

/** Gives the database a new identity: every cursor handed out before stops being valid. */
export async function renewDatabaseIdentity(
  db: Db,
  fileId: string | null,
  now: Date,
): Promise<string> {
  const row = {
    id: randomBytes(6).toString('hex'),
    fileId,
    createdAt: now.toISOString(),
  }
  await db
    .insertInto('databaseIdentity')
    .values({ singleton: 1, ...row })
    .onConflict((conflict) => conflict.column('singleton').doUpdateSet(row))
    .execute()
  return row.id
}

/** The database's identity, made anew when the database was made on another file than `fileId`. */
export async function ensureDatabaseIdentity(
  db: Db,
  fileId: string | null,
  now: Date,
): Promise<string> {
  const row = await db.selectFrom('databaseIdentity').selectAll().executeTakeFirst()
  if (row && row.fileId === fileId) return row.id
  return renewDatabaseIdentity(db, fileId, now)
}

/** The identity feed cursors carry; made on first use for a database opened without a file. */
export async function databaseIdentity(db: Db): Promise<string> {
  const row = await db.selectFrom('databaseIdentity').select('id').executeTakeFirst()
  return row?.id ?? renewDatabaseIdentity(db, null, new Date())
}
