// Rule 4 of docs/sync-protocol.md: two people created with one e-mail (two offline laptops) end
// as one, the one created first (by creation clock, then by id), whichever arrives first, on the
// server and on every replica alike. The other's fields join it by the usual rules, its tags are
// added, its deals, activities and notes move to it, and its id is kept as an alias so later
// changes addressed to it land on the survivor. A note on the survivor tells of the merge.
import { moveActivitiesOfPerson } from '../activities/service'
import type { Db } from '../db/connection'
import { moveDealsOfPerson } from '../deals/service'
import { moveNotesOfPerson, createNote } from '../notes/service'
import { findPerson, releaseEmail, updatePerson } from '../people/service'
import * as sync from './repository'
import { parseClocks } from './stamp-writes'
import { syncedTables } from './synced-records'
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
 * `change` creates a person whose e-mail `holderId` has: merges the two by rule 4. `apply` is
 * applyIncoming (passed in, as it calls this).
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
  const { createdAt: _createdAt, tags, ...fields } = change.fields
  if (holderFirst) {
    // The incoming one lives on as the holder.
    await apply(trx, tenantId, { ...change, id: holderId, fields }, now)
    await joinTags(trx, tenantId, holderId, tags, now)
    await sync.insertAlias(trx, {
      tableName: change.table,
      aliasId: change.id,
      survivorId: holderId,
      tenantId,
      createdAt: now.toISOString(),
      ...origin,
    })
    await noteMerge(trx, tenantId, holderId, String(change.fields.fullName ?? ''), now)
    return
  }
  // The holder was created later: it lives on as the incoming one. It is deleted, in this
  // transaction, by absorb: its person.deleted is the change told, not this freeing of its e-mail.
  await releaseEmail(trx, tenantId, holderId)
  await apply(trx, tenantId, change, now)
  await absorb(trx, tenantId, change.id, holderId, now, apply)
}

/**
 * Merges the person `mergedId` into `survivorId`: its fields by their clocks, its tags added, its
 * deals, activities and notes moved, then it is deleted and its id kept as an alias. Also how a
 * replica follows a merge the server made of one of its own creations (replica.ts).
 */
export async function absorb(
  trx: Db,
  tenantId: string,
  survivorId: string,
  mergedId: string,
  now: Date,
  apply: Apply,
): Promise<void> {
  const merged = await findPerson(trx, tenantId, mergedId)
  if (!merged) return
  const kept = await sync.findClocks(trx, 'people', mergedId)
  const clocks = parseClocks(kept?.clocks ?? '{}')
  const created = kept?.createdHlc ?? genesisClock
  await releaseEmail(trx, tenantId, mergedId)
  const values = merged as unknown as Record<string, unknown>
  // The survivor keeps its e-mail (the one they shared, or the one the server settled on).
  const synced = syncedTables.people.fields.filter(
    (field) => field !== 'createdAt' && field !== 'tags' && field !== 'primaryEmail',
  )
  await apply(
    trx,
    tenantId,
    {
      table: 'people',
      id: survivorId,
      op: 'upsert',
      fields: Object.fromEntries(synced.map((field) => [field, values[field] ?? null])),
      clocks: Object.fromEntries(synced.map((field) => [field, clocks[field] ?? genesisClock])),
      createdHlc: created,
    },
    now,
  )
  await joinTags(trx, tenantId, survivorId, merged.tags, now)
  await moveDealsOfPerson(trx, tenantId, mergedId, survivorId, now)
  await moveActivitiesOfPerson(trx, mergedId, survivorId)
  await moveNotesOfPerson(trx, tenantId, mergedId, survivorId)
  await apply(
    trx,
    tenantId,
    { table: 'people', id: mergedId, op: 'delete', fields: {}, hlc: created },
    now,
  )
  await sync.insertAlias(trx, {
    tableName: 'people',
    aliasId: mergedId,
    survivorId,
    tenantId,
    createdAt: now.toISOString(),
  })
  await noteMerge(trx, tenantId, survivorId, merged.fullName, now)
}

/** Adds the merged one's tags to the survivor's: a write of the survivor's, with a new clock. */
async function joinTags(trx: Db, tenantId: string, id: string, tags: unknown, now: Date) {
  if (!Array.isArray(tags) || tags.length === 0) return
  const survivor = (await findPerson(trx, tenantId, id))!
  const joined = [...new Set([...survivor.tags, ...(tags as string[])])]
  if (joined.length > survivor.tags.length) {
    await updatePerson(trx, tenantId, id, { tags: joined }, now)
  }
}

async function noteMerge(trx: Db, tenantId: string, id: string, otherName: string, now: Date) {
  await createNote(
    trx,
    tenantId,
    {
      personId: id,
      body:
        `Merged with ${otherName ? `“${otherName}”, ` : ''}a person with the same e-mail ` +
        'created elsewhere (on another computer, or before it synced): one person now.',
    },
    now,
  )
}
