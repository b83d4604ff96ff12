import { chmodSync } from 'node:fs'
import BetterSqlite3 from 'better-sqlite3'

/**
 * Copies the SQLite database `source` over `target` with SQLite's online backup API, on a
 * connection of its own: consistent even while a server writes to the source (copying the file
 * itself could catch it half-written), and, written over a live database, holding its write lock
 * while it copies. The copy is its owner's alone (0600), as the data folder's file is. Answers the
 * pages copied.
 */
export async function copyDatabase(source: string, target: string): Promise<number> {
  const db = new BetterSqlite3(source, { readonly: true, fileMustExist: true })
  try {
    const { totalPages } = await db.backup(target)
    chmodSync(target, 0o600)
    return totalPages
  } finally {
    db.close()
  }
}
