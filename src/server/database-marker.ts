import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { redactDatabaseUrl } from './db/database-url'
import { StartupError } from './startup-error'

// A data folder served on PostgreSQL says so in a file of its own: without it, a command run
// without OUTPOST_DATABASE_URL (the lines a new terminal is given) made a SQLite file beside the
// team server's secrets.key and worked on it, unseen; a token it minted was unknown to the server.
const markerName = 'database.json'

/** Notes in the data folder that its database is the PostgreSQL database `url` (password left out). */
export function markPostgresFolder(dataDir: string, url: string): void {
  const marker = { engine: 'postgresql', url: redactDatabaseUrl(url) }
  writeFileSync(join(dataDir, markerName), `${JSON.stringify(marker, null, 2)}\n`)
}

/** Refuses to open the folder's SQLite file when the folder is a PostgreSQL server's. */
export function assertNotPostgresFolder(dataDir: string): void {
  let marker: { url?: unknown }
  try {
    marker = JSON.parse(readFileSync(join(dataDir, markerName), 'utf8')) as { url?: unknown }
  } catch {
    return
  }
  throw new StartupError(
    `${dataDir} is a team server's data folder: its database is ${String(marker.url)}. Set ` +
      'OUTPOST_DATABASE_URL to that URL, with its password (or pass --database-url); to use a ' +
      `SQLite file in this folder instead, delete ${join(dataDir, markerName)}`,
  )
}
