// The server's side of pull and snapshot (docs/sync-protocol.md, sections 4 and 6). The change log
// is the events table: each synced write records its event, with the write's clock, in the
// write's transaction, and seq is commit order (writers take turns), so a cursor never skips a
// committed change. Its retention is the events'.
import type { AuthContext } from '../app-env'
import type { Db } from '../db/connection'
import { inReadSnapshot } from '../db/connection'
import { decodeCursor } from '../events/cursor'
import { assertCursorLive, cursorAt, endingEvent, latestCursor } from '../events/feed-position'
import { readEvents } from '../events/service'
import { ApiError } from '../http/errors'
import type { Selectable } from 'kysely'
import type { SyncClockTable } from '../db/database'
import type { CreationCursor } from '../db/tenant-page'
import { genesisClock } from './merge-duplicates'
import { getWorkspace } from '../workspaces/service'
import * as sync from './repository'
import type {
  PullAnswer,
  PulledChange,
  SnapshotAnswer,
  SnapshotHead,
  SnapshotRecord,
} from './schema'
import { parseClocks } from './stamp-writes'
import { recordServices } from './record-services'
import type { SyncedRecord } from './records/record-service'
import {
  changeOfEvent,
  isSyncedTable,
  syncedEventTypes,
  syncedTables,
  type SyncedTable,
} from './synced-records'
import { readSettings } from './workspace-settings'
import { assertSchemaSpoken } from './versions'
import { newestMigration } from '../db/migrations'

const syncedTableNames = Object.keys(syncedTables) as SyncedTable[]

const resnapshot = (why: string) =>
  new ApiError(
    'resnapshot_required',
    `${why}: push your outbox, then load a new snapshot and pull from its cursor.`,
    { field: 'after', snapshot: '/api/sync/v1/snapshot' },
  )

export async function pullChanges(
  db: Db,
  { tenantId, permissions }: Pick<AuthContext, 'tenantId' | 'permissions'>,
  query: { clientId: string; schemaVersion: string; after?: string; limit?: number },
  limit: number,
): Promise<PullAnswer> {
  assertSchemaSpoken(query.schemaVersion)
  const position = query.after ? decodeCursor(query.after) : null
  if (!position) throw resnapshot('There is no cursor to pull from, or it is not one of ours')
  try {
    await assertCursorLive(db, tenantId, position, 'after')
  } catch (error) {
    // A cursor of another copy of the database, or one whose changes were pruned: only a new
    // snapshot, whose cursor is always inside what is kept, brings the replica back.
    if (error instanceof ApiError) throw resnapshot(error.message.split('. ')[0]!)
    throw error
  }
  const range = await readEvents(db, tenantId, position.seq, limit, syncedEventTypes)
  const changes: PulledChange[] = []
  for (const event of range.events) {
    if (!event.hlc) continue
    const payload = JSON.parse(event.payload) as { data: unknown }
    const change = changeOfEvent({
      type: event.type,
      resource: { id: (payload.data as { object: { id: string } }).object.id },
      data: payload.data,
    })
    if (change) changes.push({ position: event.seq, ...change, hlc: event.hlc })
  }
  const client = await sync.findSyncClient(db, query.clientId)
  return {
    permissions,
    settings: await readSettings(db, tenantId),
    changes,
    cursor: await cursorAt(db, range.nextSeq, endingEvent(range)),
    hasMore: range.hasMore,
    lastSeq: client?.tenantId === tenantId ? client.lastSeq : 0,
  }
}

/** A record as a snapshot holds it: its synced fields and their clocks. */
function snapshotRecord(
  table: SyncedTable,
  values: SyncedRecord,
  kept: Selectable<SyncClockTable> | undefined,
): SnapshotRecord {
  const fields: readonly string[] = syncedTables[table].fields
  const known = kept ? parseClocks(kept.clocks) : {}
  return {
    table,
    id: values.id,
    deleted: false,
    // Records made before sync came have no clocks kept: theirs is older than any write.
    createdHlc: kept?.createdHlc ?? genesisClock,
    fields: Object.fromEntries(fields.map((field) => [field, values[field] ?? null])),
    clocks: Object.fromEntries(fields.map((field) => [field, known[field] ?? genesisClock])),
  }
}

/**
 * One record as it is now, as a snapshot would hold it: a tombstone when deleted, null when it
 * never was (a refused creation). What a replica puts back when the server refused its change.
 */
export async function currentRecord(
  db: Db,
  tenantId: string,
  table: string,
  id: string,
): Promise<SnapshotRecord | null> {
  const kept = await sync.findClocks(db, table, id)
  if (kept?.deleted === 1) {
    return { table, id, deleted: true, createdHlc: kept.createdHlc, fields: {}, clocks: {} }
  }
  if (!isSyncedTable(table)) return null
  const record = await recordServices[table].find(db, tenantId, id)
  return record ? snapshotRecord(table, record, kept) : null
}

/**
 * A snapshot of the token's workspace: its head (the cursor, taken first, then the workspace, what
 * the token may do and the settings), and its records, a page at a time (each page with its
 * clocks in a read of its own), then its tombstones. A page read after a write committed past the
 * cursor holds that write, which the pull after the cursor brings again: applying it twice
 * changes nothing (section 6). So no read is held open while the snapshot travels, however long.
 */
export async function openSnapshot(
  db: Db,
  { tenantId, permissions }: Pick<AuthContext, 'tenantId' | 'permissions'>,
  schemaVersion: string,
): Promise<{ head: SnapshotHead; pages: AsyncGenerator<SnapshotRecord[]> }> {
  assertSchemaSpoken(schemaVersion)
  const head = await inReadSnapshot(db, async (read) => {
    const cursor = await latestCursor(read)
    const workspace = await getWorkspace(read, tenantId)
    return {
      schemaVersion: newestMigration,
      cursor,
      workspace: { id: workspace.id, name: workspace.name },
      permissions,
      settings: await readSettings(read, tenantId),
    }
  })
  return { head, pages: snapshotPages(db, tenantId) }
}

async function* snapshotPages(db: Db, tenantId: string): AsyncGenerator<SnapshotRecord[]> {
  // People before deals: a deal may point at a person.
  for (const table of syncedTableNames) {
    for (let after: CreationCursor | null = null; ;) {
      const records = await inReadSnapshot(db, async (read) => {
        const page = await recordServices[table].listAfter(read, tenantId, after, 1000)
        const ids = page.map((record) => record.id)
        const clocks = new Map(
          (await sync.findClocksOf(read, table, ids)).map((row) => [row.recordId, row]),
        )
        return page.map((record) => ({ record, clocks: clocks.get(record.id) }))
      })
      if (records.length === 0) break
      yield records.map(({ record, clocks }) => snapshotRecord(table, record, clocks))
      const last = records.at(-1)!.record
      after = { createdAt: last.createdAt, id: last.id }
    }
  }
  const tombstones = await sync.listTombstones(db, tenantId)
  yield tombstones.map((tombstone) => ({
    table: tombstone.tableName,
    id: tombstone.recordId,
    deleted: true,
    createdHlc: tombstone.createdHlc,
    fields: {},
    clocks: {},
  }))
}

/** The snapshot as one JSON answer (a client that does not ask for NDJSON). */
export async function takeSnapshot(
  db: Db,
  auth: Pick<AuthContext, 'tenantId' | 'permissions'>,
  schemaVersion: string,
): Promise<SnapshotAnswer> {
  const { head, pages } = await openSnapshot(db, auth, schemaVersion)
  const records: SnapshotRecord[] = []
  for await (const page of pages) records.push(...page)
  return { ...head, records }
}
