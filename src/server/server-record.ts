import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A running server names itself in its data folder (`server.json`), so the CLI run beside it can
 * tell its address (`outpost url`) and print a login link that opens it (`outpost login-link`).
 */
export interface ServerRecord {
  pid: number
  url: string
  host: string
  port: number
  startedAt: string
}

export const serverRecordFileName = 'server.json'

export function writeServerRecord(dataDir: string, record: ServerRecord): void {
  const file = join(dataDir, serverRecordFileName)
  // Written whole and renamed into place, so a reader never sees half a file.
  writeFileSync(`${file}.${record.pid}.tmp`, `${JSON.stringify(record, null, 2)}\n`)
  renameSync(`${file}.${record.pid}.tmp`, file)
}

/** Removes the record if it is still this server's (another may have started on the folder since). */
export function removeServerRecord(dataDir: string, record: ServerRecord): void {
  const current = readServerRecord(dataDir)
  if (current && current.pid === record.pid && current.url === record.url) {
    rmSync(join(dataDir, serverRecordFileName), { force: true })
  }
}

function readServerRecord(dataDir: string): ServerRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, serverRecordFileName), 'utf8')) as unknown
    if (typeof parsed !== 'object' || parsed === null) return null
    const { pid, url, host, port, startedAt } = parsed as Record<string, unknown>
    if (typeof pid !== 'number' || typeof url !== 'string' || typeof port !== 'number') return null
    return { pid, url, host: String(host), port, startedAt: String(startedAt) }
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The server running on this data folder, or null (none, or one that died without cleaning up). */
export function findRunningServer(dataDir: string): ServerRecord | null {
  const record = readServerRecord(dataDir)
  return record && isAlive(record.pid) ? record : null
}

/**
 * The server that answers on this data folder, or null: recorded, alive, and answering at its
 * URL (a process id is reused after a crash, so a live pid alone is no proof).
 */
export async function findAnsweringServer(dataDir: string): Promise<ServerRecord | null> {
  const record = findRunningServer(dataDir)
  if (!record) return null
  try {
    await fetch(`${record.url}/api/v1/openapi.json`, { signal: AbortSignal.timeout(2000) })
    return record
  } catch {
    return null
  }
}
