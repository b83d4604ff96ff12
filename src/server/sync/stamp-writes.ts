// Called where events are recorded (events/service.ts recordEvents), in the write's transaction:
// gives each event the clock of its write, keeps each synced field's clock, and on a replica puts
// the write in the outbox (docs/sync-protocol.md, section 2). Every write path (the REST API, the
// UI, inbound webhooks, imports) records events, so none can write past it.
import type { Db } from '../db/connection'
import { ApiError } from '../http/errors'
import { newestMigration } from '../db/migrations'
import { nextClock, processNode } from './node-clock'
import * as sync from './repository'
import { changeOfEvent } from './synced-records'
import { remoteWrite } from './write-origin'

interface EventLike {
  type: string
  resource: { id: string }
  data: unknown
}

/** The clock of each event's write (null for an event that changes no synced record). */
export async function stampSyncedWrites(
  db: Db,
  tenantId: string,
  now: Date,
  events: readonly EventLike[],
): Promise<(string | null)[]> {
  const changes = events.map(changeOfEvent)
  // A change from elsewhere carries its clock; sync/apply.ts keeps its fields' clocks itself.
  const remote = remoteWrite(db)
  if (remote) return changes.map((change) => change && remote.hlc)
  // Only the workspaces a replica mirrors sync; its other, local workspaces stay its own.
  const replica = await sync.findSyncLink(db, tenantId)
  refuseReadOnly(replica)
  if (changes.every((change) => change === null)) return changes.map(() => null)
  const stamps: (string | null)[] = []
  for (const change of changes) {
    if (!change) {
      stamps.push(null)
      continue
    }
    const kept = await sync.findClocks(db, change.table, change.id)
    const floor = kept ? latestClock(clocksOfRow(kept)) : undefined
    const hlc = nextClock(db, replica?.clientId ?? processNode, now, floor)
    const clocks = change.op === 'delete' ? {} : parseClocks(kept?.clocks ?? '{}')
    for (const field of Object.keys(change.fields)) clocks[field] = hlc
    await sync.saveClocks(db, {
      tableName: change.table,
      recordId: change.id,
      tenantId,
      deleted: change.op === 'delete' ? 1 : 0,
      createdHlc: kept?.createdHlc ?? hlc,
      clocks: JSON.stringify(clocks),
    })
    if (replica) {
      await sync.insertOutbox(db, {
        tenantId,
        tableName: change.table,
        recordId: change.id,
        op: change.op,
        fields: JSON.stringify(change.fields),
        hlc,
        schemaVersion: newestMigration,
        createdAt: now.toISOString(),
      })
    }
    stamps.push(hlc)
  }
  return stamps
}

/**
 * Offline too, a replica holds to what its token may do on the team server (section 7): no
 * record of its workspace changes here, synced yet or not (activities...).
 */
function refuseReadOnly(replica: { permissions: string } | undefined): void {
  if (replica && !(JSON.parse(replica.permissions) as string[]).includes('records.write')) {
    throw new ApiError(
      'forbidden',
      'Your role on the team server cannot change this workspace: it is read-only here too',
      { permission: 'records.write' },
    )
  }
}

/** The latest of some clocks (HLC text compares as the clocks do), or undefined for none. */
export function latestClock(clocks: Iterable<string>): string | undefined {
  let latest: string | undefined
  for (const clock of clocks) if (latest === undefined || clock > latest) latest = clock
  return latest
}

/** Every clock a record's clocks row holds: its creation's and each field's. */
export const clocksOfRow = (row: { createdHlc: string; clocks: string }): string[] => [
  row.createdHlc,
  ...Object.values(parseClocks(row.clocks)),
]

/** A clocks column's JSON, as a map safe from keys such as `__proto__`. */
export function parseClocks(text: string): Record<string, string> {
  return Object.assign(Object.create(null) as Record<string, string>, JSON.parse(text))
}
