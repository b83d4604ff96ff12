// Rule 4 of docs/sync-protocol.md: two people created with one e-mail, or two companies with one
// domain (two offline laptops), end as one, the one created first (by creation clock, then by
// id), whichever arrives first, on the server and on every replica alike. The other's fields join
// it by the usual rules, its tags are added, what links to it moves to it (record-services.ts,
// moveLinks), and its id is kept as an alias so later changes addressed to it land on the
// survivor. A note on the survivor tells of the merge.
import type { Db } from '../db/connection'
import { recordServices } from './record-services'
import * as sync from './repository'
import { parseClocks } from './stamp-writes'
import { syncedTables, type SyncedTable } from './synced-records'
import type { IncomingChange } from './incoming-change'

/** The clock of records made before sync came: older than any write. */
export const genesisClock = '0000000000000000-0000-0'

type Apply = (trx: Db, tenantId: string, change: IncomingChange, now: Date) => Promise<void>

const creationClockOf = (change: IncomingChange) =>
  'hlc' in change ? change.hlc : change.createdHlc

/** The pushed mutation a merge came from: the replica learns of it in the push's answer. */
export interface Origin {
  clientId: string
  seq: number
}

/**
 * `change` creates a record whose unique value (e-mail, domain) `holderId` has: merges the two by
 * rule 4. `apply` is applyIncoming (passed in, as it calls this).
 */
export async function mergeCreation(
  trx: Db,
  tenantId: string,
  change: IncomingChange,
  holderId: string,
  now: Date,
  apply: Apply,
  origin?: Origin,
): Promise<void> {
  const holderKept = await sync.findClocks(trx, change.table, holderId)
  const holderCreated = holderKept?.createdHlc ?? genesisClock
  const incomingCreated = creationClockOf(change)
  const holderFirst =
    holderCreated !== incomingCreated ? holderCreated < incomingCreated : holderId < change.id
  const table = change.table as SyncedTable
  const unique = recordServices[table].unique!
  const { createdAt: _createdAt, tags, ...fields } = change.fields
  if (holderFirst) {
    // The incoming one lives on as the holder.
    await apply(trx, tenantId, { ...change, id: holderId, fields }, now)
    await joinTags(trx, table, tenantId, holderId, tags, now)
    await sync.insertAlias(trx, {
      tableName: change.table,
      aliasId: change.id,
      survivorId: holderId,
      tenantId,
      createdAt: now.toISOString(),
      ...origin,
    })
    const otherName = String(change.fields[unique.nameField] ?? '')
    await unique.noteMerge?.(trx, tenantId, holderId, otherName, now)
    return
  }
  // The holder was created later: it lives on as the incoming one. It is deleted, in this
  // transaction, by absorb: its deleted event is the change told, not this freeing of its value.
  await unique.release(trx, tenantId, holderId)
  await apply(trx, tenantId, change, now)
  await absorb(trx, table, tenantId, change.id, holderId, now, apply)
}

/**
 * Merges the record `mergedId` into `survivorId`: its fields by their clocks, its tags added, what
 * links to it moved, then it is deleted and its id kept as an alias. Also how a replica follows a
 * merge the server made of one of its own creations (replica.ts).
 */
export async function absorb(
  trx: Db,
  table: SyncedTable,
  tenantId: string,
  survivorId: string,
  mergedId: string,
  now: Date,
  apply: Apply,
  /** False on a replica following the server's merge: the server's note of it comes by pull. */
  noteIt = true,
): Promise<void> {
  const service = recordServices[table]
  const unique = service.unique!
  const merged = await service.find(trx, tenantId, mergedId)
  if (!merged) return
  const kept = await sync.findClocks(trx, table, mergedId)
  const clocks = parseClocks(kept?.clocks ?? '{}')
  const created = kept?.createdHlc ?? genesisClock
  await unique.release(trx, tenantId, mergedId)
  // The survivor keeps its unique value (the one they shared, or the one the server settled on).
  const synced = (syncedTables[table].fields as readonly string[]).filter(
    (field) => field !== 'createdAt' && field !== 'tags' && field !== unique.field,
  )
  await apply(
    trx,
    tenantId,
    {
      table,
      id: survivorId,
      op: 'upsert',
      fields: Object.fromEntries(synced.map((field) => [field, merged[field] ?? null])),
      clocks: Object.fromEntries(synced.map((field) => [field, clocks[field] ?? genesisClock])),
      createdHlc: created,
    },
    now,
  )
  await joinTags(trx, table, tenantId, survivorId, merged.tags, now)
  await unique.moveLinks?.(trx, tenantId, mergedId, survivorId, now)
  await apply(trx, tenantId, { table, id: mergedId, op: 'delete', fields: {}, hlc: created }, now)
  await sync.insertAlias(trx, {
    tableName: table,
    aliasId: mergedId,
    survivorId,
    tenantId,
    createdAt: now.toISOString(),
  })
  if (noteIt) {
    await unique.noteMerge?.(trx, tenantId, survivorId, String(merged[unique.nameField] ?? ''), now)
  }
}

/** Adds the merged one's tags to the survivor's: a write of the survivor's, with a new clock. */
async function joinTags(
  trx: Db,
  table: SyncedTable,
  tenantId: string,
  id: string,
  tags: unknown,
  now: Date,
) {
  if (!Array.isArray(tags) || tags.length === 0) return
  const service = recordServices[table]
  const survivor = (await service.find(trx, tenantId, id))!
  const had = survivor.tags as string[]
  const joined = [...new Set([...had, ...(tags as string[])])]
  if (joined.length > had.length) await service.update(trx, tenantId, id, { tags: joined }, now)
}
