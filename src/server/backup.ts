import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { copyDatabase } from './backups/copy-database'
import { databaseFileName } from './data-dir'
import { StartupError } from './workspace-store'

/**
 * Copies the data folder's database to `target` with SQLite's online backup: consistent even while
 * a server or the desktop app is writing (copying the file itself could catch it half-written).
 */
export async function backupDatabase(dataDir: string, target: string): Promise<{ pages: number }> {
  const source = join(dataDir, databaseFileName)
  if (!existsSync(source)) throw new StartupError(`no Outpost database in ${dataDir}`)
  if (existsSync(target)) throw new StartupError(`${target} already exists; choose a new file name`)
  try {
    return { pages: await copyDatabase(source, resolve(target)) }
  } catch (error) {
    throw new StartupError(`backup to ${target} failed: ${(error as Error).message}`)
  }
}
