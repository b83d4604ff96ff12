// Applies one change from elsewhere (a replica's mutation on the server, the server's change on a
// replica) to a synced record, by the rules of src/shared/sync/merge.ts: per-field last writer
// wins on the clocks kept in sync_clocks, a delete wins. The record is written through its
// service, so its events, search index, counts and validation are those of any other write.
import { isDeepStrictEqual } from 'node:util'
import { applyChange, type RecordState } from '../../shared/sync/merge'
import type { Db } from '../db/connection'
import { ApiError } from '../http/errors'
import { userExists } from '../users/lookup'
import { genesisClock, mergeCreation, type Origin } from './merge-duplicates'
import { receiveClock } from './node-clock'
import { recordServices } from './record-services'
import type { Reference, UniqueField } from './records/record-service'
import * as sync from './repository'
import { latestClock, parseClocks } from './stamp-writes'
import type { IncomingChange } from './incoming-change'
import { isSyncedTable, type SyncedTable } from './synced-records'
import { applyingRemote } from './write-origin'

/**
 * A replica's local record holds a unique value (an e-mail, a domain) a change from the server
 * needs: it is one of the replica's own writes the log has not reached yet (the server's log never
 * has two records on one value). Its value is cleared here, with the clock of records made before
 * sync, so that its own change, when the log reaches it, sets it again; or the server's later
 * changes say otherwise.
 */
async function displaceUnique(
  trx: Db,
  tenantId: string,
  table: string,
  unique: UniqueField,
  holderId: string,
) {
  await unique.release(trx, tenantId, holderId)
  const kept = await sync.findClocks(trx, table, holderId)
  if (!kept) return
  const clocks = parseClocks(kept.clocks)
  clocks[unique.field] = genesisClock
  await sync.saveClocks(trx, { ...kept, clocks: JSON.stringify(clocks) })
}

/**
 * The links a change sets, as this copy can hold them: a link to a merged person follows it to
 * the person it lives on as (rule 4), and a link to a record deleted here, or a user the workspace
 * no longer has, is dropped, as deleting it dropped every other link to it (rule 3: a delete beats
 * concurrent edits, and a link made offline to a record deleted meanwhile is such an edit). The
 * rest of the change stands.
 */
async function settleReferences(
  trx: Db,
  tenantId: string,
  references: readonly Reference[],
  fields: Record<string, unknown>,
): Promise<void> {
  for (const { field, to } of references) {
    const value = fields[field]
    if (typeof value === 'string') fields[field] = await settledLink(trx, tenantId, to, value)
    else if (Array.isArray(value)) {
      const kept = []
      for (const id of value as string[]) kept.push(await settledLink(trx, tenantId, to, id))
      // As a list of links is read back: each once, in order of id.
      fields[field] = [...new Set(kept.filter((id) => id !== null))].sort()
    }
  }
}

/** Where a link to `id` points on this copy: its survivor, itself, or nowhere (null). */
async function settledLink(
  trx: Db,
  tenantId: string,
  to: Reference['to'],
  id: string,
): Promise<string | null> {
  if (to === 'users') return (await userExists(trx, tenantId, id)) ? id : null
  const target = (await sync.findAlias(trx, to, id))?.survivorId ?? id
  return (await recordServices[to].find(trx, tenantId, target)) ? target : null
}

/**
 * On a replica, the links of a change from the server that carry the very clock the record has
 * here but another value: the server's is the same write as settled there (settleReferences: a
 * link to a company merged meanwhile, moved to its survivor), while the value here was since
 * changed without a clock of its own (that company's deletion here cleared the link). The
 * server's value is taken; else the two would differ for good, each holding one write under one
 * clock. Only links are settled so: other fields are read only when a link may differ.
 */
async function settledHere(
  trx: Db,
  tenantId: string,
  change: IncomingChange,
  fields: Record<string, unknown>,
  changed: readonly string[],
  clocks: Record<string, string>,
): Promise<string[]> {
  const service = recordServices[change.table as SyncedTable]
  const clockOf = (field: string) => ('hlc' in change ? change.hlc : change.clocks[field])
  const links = service.references
    .map(({ field }) => field)
    .filter(
      (field) =>
        Object.hasOwn(fields, field) &&
        !changed.includes(field) &&
        clocks[field] === clockOf(field),
    )
  if (links.length === 0) return []
  const local = await service.find(trx, tenantId, change.id)
  if (!local) return []
  return links.filter((field) => !isDeepStrictEqual(local[field] ?? null, fields[field] ?? null))
}

/** Why a change cannot be applied: it is malformed, or the rules refuse it. */
export class Refused extends Error {}

/**
 * Applies `change` to the workspace `tenantId` in `trx` (the caller's transaction). Throws
 * Refused, with the reason, for a change the rules refuse; the caller decides what that means.
 */
export async function applyIncoming(
  trx: Db,
  tenantId: string,
  change: IncomingChange,
  now: Date,
  /** The pushed mutation this is (server side): a merge it ends in is told back to its replica. */
  origin?: Origin,
): Promise<void> {
  if (!isSyncedTable(change.table)) throw new Refused(`unknown table "${change.table}"`)
  const service = recordServices[change.table]
  const parsed = service.fields.safeParse(change.fields)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Refused(`invalid: ${issue.path.join('.') || 'fields'}: ${issue.message}`)
  }
  const fields = parsed.data
  // An id merged into another (rule 4) lives on as it.
  const alias = await sync.findAlias(trx, change.table, change.id)
  if (alias) {
    if (alias.tenantId !== tenantId) throw new Refused('invalid: id is taken')
    // The merged one is gone already (its delete is the merge's own); the survivor stays.
    if (change.op === 'delete') return
    const { createdAt: _createdAt, ...rest } = change.fields
    return applyIncoming(
      trx,
      tenantId,
      { ...change, id: alias.survivorId, fields: rest },
      now,
      origin,
    )
  }
  const kept = await sync.findClocks(trx, change.table, change.id)
  if (kept && kept.tenantId !== tenantId) throw new Refused('invalid: id is taken')
  // A record with clocks kept exists unless they are a tombstone's; one without may have been
  // made before sync came.
  const exists = kept
    ? kept.deleted === 0
    : (await service.find(trx, tenantId, change.id)) !== undefined
  const state: RecordState | undefined = kept
    ? { deleted: kept.deleted === 1, fields: {}, clocks: parseClocks(kept.clocks) }
    : exists
      ? { deleted: false, fields: {}, clocks: {} }
      : undefined
  const result = applyChange(
    state,
    'hlc' in change
      ? { op: change.op, fields, hlc: change.hlc }
      : { op: change.op, fields, clocks: change.clocks },
  )
  // The clock the change's events carry: its own, or the newest of the fields it set.
  const hlc =
    'hlc' in change
      ? change.hlc
      : latestClock([change.createdHlc, ...Object.values(change.clocks)])!
  receiveClock(trx, hlc, now)
  if (result.status === 'refused') throw new Refused('deleted: the record was deleted')
  if (result.status === 'upserted' && !origin && state && exists) {
    const settled = await settledHere(trx, tenantId, change, fields, result.changed, state.clocks)
    result.changed.push(...settled)
  }
  // Nothing newer (a replica's own change coming back, a retry): nothing to write.
  if (result.status === 'upserted' && result.changed.length === 0 && kept) return
  if (result.status === 'deleted' && result.alreadyDeleted) return
  // The services write as the change's own: its events carry its clock (sync/stamp-writes.ts).
  const remote = applyingRemote(trx, { hlc })
  try {
    if (result.status === 'deleted') {
      if (exists) await service.remove(remote, tenantId, change.id, now)
    } else {
      const { createdAt, ...taken } = Object.fromEntries(
        result.changed.map((field) => [field, fields[field]]),
      )
      await settleReferences(trx, tenantId, service.references, taken)
      // A person's e-mail, a company's domain (rule 4).
      const { unique } = service
      const value = unique && taken[unique.field]
      const holder =
        unique && typeof value === 'string'
          ? await unique.holder(trx, tenantId, value, { id: change.id, fields })
          : undefined
      if (unique && holder !== undefined && holder !== change.id) {
        // On the server, two creations of one value merge (rule 4); an edit to a taken value is
        // refused below, as the API refuses it. A replica follows what the server decided: the
        // local copy holding the value is one of its own changes the log has not reached yet,
        // and gives it up until its own change arrives (displaceUnique).
        if (!origin) await displaceUnique(trx, tenantId, change.table, unique, holder)
        else if (!exists) {
          return mergeCreation(
            trx,
            tenantId,
            { ...change, fields },
            holder,
            now,
            applyIncoming,
            origin,
          )
        }
      }
      if (!exists) {
        const missing = service.required.find((field) => taken[field] === undefined)
        if (missing) throw new Refused(`invalid: ${missing}: a new record needs one`)
        await service.create(remote, tenantId, taken, now, {
          id: change.id,
          createdAt: typeof createdAt === 'string' ? createdAt : now.toISOString(),
        })
      } else if (Object.keys(taken).length > 0) {
        await service.update(remote, tenantId, change.id, taken, now)
      }
    }
  } catch (error) {
    // The services' own refusals (an e-mail another person holds, say) refuse the change.
    if (error instanceof ApiError) throw new Refused(`${error.code}: ${error.message}`)
    throw error
  }
  await sync.saveClocks(trx, {
    tableName: change.table,
    recordId: change.id,
    tenantId,
    deleted: result.status === 'deleted' ? 1 : 0,
    createdHlc: kept?.createdHlc ?? ('hlc' in change ? change.hlc : change.createdHlc),
    clocks: JSON.stringify(result.state.clocks),
  })
}
