// A replica's side (docs/sync-protocol.md): connect to a team server (load a snapshot), then
// sync: push the outbox, pull the changes after the cursor, each page applied with its cursor in
// one transaction. The desktop app and `outpost sync` both run this.
import { randomBytes } from 'node:crypto'
import { inTransaction, type Db } from '../db/connection'
import { seal, unseal } from '../sealing/sealed-text'
import { createWorkspace, findWorkspaceByName, listWorkspaces } from '../workspaces/service'
import { applyIncoming, Refused } from './apply'
import * as sync from './repository'
import type { z } from '@hono/zod-openapi'
import type {
  PulledChange,
  PushAnswer,
  SnapshotAnswer,
  SnapshotRecord,
  syncLinkSchema,
} from './schema'
import { recordServices } from './record-services'
import { isSyncedTable } from './synced-records'
import { mirrorSettings } from './workspace-settings'
import { absorb, genesisClock } from './merge-duplicates'
import { applyingRemote } from './write-origin'
import { latestClock, parseClocks } from './stamp-writes'
import { parseHlc } from '../../shared/sync/hlc'
import {
  ChangesWaiting,
  ServerRefusal,
  SyncError,
  syncServer,
  Unreachable,
  type SyncServer,
} from './server-client'

const pushBatch = 500

/** A replica link's state, as Settings › Sync and `outpost sync status` show it (schema.ts). */
export type SyncStatus = z.output<typeof syncLinkSchema>

/** What this database's replica link says now, without calling the server. */
export async function replicaStatus(db: Db): Promise<SyncStatus> {
  const state = await sync.findSyncState(db)
  if (!state) {
    return {
      state: 'not-connected',
      serverUrl: null,
      workspaceId: null,
      waiting: 0,
      lastSyncedAt: null,
      error: null,
    }
  }
  const waiting = await sync.countOutbox(db)
  const offline = state.lastError?.startsWith('offline:') ?? false
  return {
    state: state.lastError ? (offline ? 'offline' : 'error') : waiting > 0 ? 'syncing' : 'synced',
    serverUrl: state.serverUrl,
    workspaceId: state.tenantId,
    waiting,
    lastSyncedAt: state.lastSyncedAt,
    error: state.lastError && state.lastError.replace(/^offline: /, ''),
  }
}

/**
 * Makes this database a replica of the team server's workspace the token belongs to: loads its
 * snapshot (the workspace made here with the server's id) and keeps the link. Fails, changing
 * nothing, when the server cannot be reached or refuses the token.
 */
export async function connectReplica(
  db: Db,
  link: { serverUrl: string; token: string },
  now: () => Date,
): Promise<{ workspace: { id: string; name: string }; records: number }> {
  if (await sync.findSyncState(db)) {
    throw new SyncError('This data folder is already a replica of a team server')
  }
  const server = syncServer(link.serverUrl, link.token)
  const snapshot = await server.snapshot()
  await inTransaction(db, async (trx) => {
    const present = (await listWorkspaces(trx)).some((w) => w.id === snapshot.workspace.id)
    if (!present) {
      const name = (await findWorkspaceByName(trx, snapshot.workspace.name))
        ? `${snapshot.workspace.name} (team server)`
        : snapshot.workspace.name
      await createWorkspace(trx, name, now(), undefined, snapshot.workspace.id)
    }
    await loadSnapshot(trx, snapshot, now())
    await sync.saveSyncState(trx, {
      id: 1,
      clientId: randomBytes(8).toString('hex'),
      serverUrl: link.serverUrl,
      serverToken: await seal(trx, link.token),
      tenantId: snapshot.workspace.id,
      permissions: JSON.stringify(snapshot.permissions),
      lastSeq: 0,
      cursor: snapshot.cursor,
      lastSyncedAt: now().toISOString(),
      lastError: null,
    })
  })
  return { workspace: snapshot.workspace, records: snapshot.records.length }
}

/**
 * Ends this data folder's link to its team server: the replicated workspace stays, as a workspace
 * of this computer's own (its settings editable again), and nothing syncs any more. Changes made
 * here that have not reached the server are refused (ChangesWaiting) unless `discardWaiting`.
 * Connecting again later loads the server's snapshot by the usual rules.
 */
export async function disconnectReplica(
  db: Db,
  { discardWaiting }: { discardWaiting: boolean },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await sync.findSyncState(trx))) {
      throw new SyncError('This data folder is not a replica of a team server')
    }
    const waiting = await sync.countOutbox(trx)
    if (waiting > 0 && !discardWaiting) throw new ChangesWaiting(waiting)
    await sync.deleteSyncLink(trx)
  })
}

/**
 * Takes the workspace's settings, then applies every record of a snapshot by the usual rules:
 * newer local edits stay.
 */
async function loadSnapshot(trx: Db, snapshot: SnapshotAnswer, now: Date): Promise<void> {
  await mirrorSettings(trx, snapshot.workspace.id, snapshot.settings)
  for (const record of snapshot.records) {
    try {
      await applyIncoming(
        trx,
        snapshot.workspace.id,
        {
          table: record.table,
          id: record.id,
          op: record.deleted ? 'delete' : 'upsert',
          fields: record.fields,
          clocks: record.clocks,
          createdHlc: record.createdHlc,
        },
        now,
      )
    } catch (error) {
      if (!(error instanceof Refused)) throw error
    }
  }
}

/**
 * A change of this replica's own coming back with a clock the server capped (this laptop's clock
 * ran ahead): the fields it set take that clock here too, unless a newer local write of them waits
 * in the outbox. Otherwise this replica would keep its own later clock and ignore every edit
 * others make between the two (docs/sync-protocol.md, section 1).
 */
async function adoptCappedClock(trx: Db, change: PulledChange, clientId: string): Promise<void> {
  if (parseHlc(change.hlc).node !== clientId) return
  const kept = await sync.findClocks(trx, change.table, change.id)
  if (!kept) return
  const clocks = parseClocks(kept.clocks)
  const pending = await sync.pendingFieldsOf(trx, change.table, change.id)
  const lowered = Object.keys(change.fields).filter(
    (field) => !pending.has(field) && (clocks[field] ?? '') > change.hlc,
  )
  if (lowered.length === 0) return
  for (const field of lowered) clocks[field] = change.hlc
  await sync.saveClocks(trx, { ...kept, clocks: JSON.stringify(clocks) })
}

export interface SyncReport {
  pushed: number
  pulled: number
  /** The server refused these of this replica's changes, each with why. */
  rejected: { seq: number; reason: string }[]
  resnapshot: boolean
}

/**
 * One round: push everything waiting, then pull until the cursor is current. Records the outcome
 * in the link (the status shows it) and answers what it did; throws when it could not finish.
 */
export async function syncOnce(
  db: Db,
  now: () => Date,
  connect: (url: string, token: string) => SyncServer = syncServer,
): Promise<SyncReport> {
  const state = await sync.findSyncState(db)
  if (!state)
    throw new SyncError('This data folder is no replica: run `outpost sync connect URL` first')
  const token = unseal(state.serverToken)
  if (!token)
    throw new SyncError(
      'The token for the team server cannot be read (its sealing key was lost): connect again',
    )
  const server = connect(state.serverUrl, token)
  try {
    const report = await pushAndPull(db, server, state, now)
    await sync.updateSyncState(db, { lastSyncedAt: now().toISOString(), lastError: null })
    return report
  } catch (error) {
    const why =
      error instanceof Unreachable
        ? `offline: ${error.message}`
        : error instanceof ServerRefusal
          ? `${error.message} (${error.code})`
          : String(error)
    await sync.updateSyncState(db, { lastError: why })
    throw error
  }
}

/**
 * The server refused this replica's mutation: its record goes back to how the server has it (the
 * fields the mutation set, unless a later local write of them waits to be pushed), or goes away
 * when the server has none. Written as a change from elsewhere: nothing of it is pushed.
 */
async function putBack(
  trx: Db,
  tenantId: string,
  refused: { tableName: string; recordId: string; fields: string },
  record: SnapshotRecord | null,
  now: Date,
): Promise<void> {
  const { tableName: table, recordId: id } = refused
  if (!isSyncedTable(table)) return
  const service = recordServices[table]
  const local = await service.find(trx, tenantId, id)
  if (!record || record.deleted) {
    if (local) {
      await applyingRemote({ hlc: record?.createdHlc ?? genesisClock }, () =>
        service.remove(trx, tenantId, id, now),
      )
    }
    await sync.dropClocks(trx, table, id)
    if (record)
      await applyIncoming(
        trx,
        tenantId,
        { table, id, op: 'delete', fields: {}, hlc: record.createdHlc },
        now,
      )
    return
  }
  const pending = await sync.pendingFieldsOf(trx, table, id)
  const names = Object.keys(JSON.parse(refused.fields) as object).filter(
    (field) => !pending.has(field) && field !== 'createdAt',
  )
  const kept = await sync.findClocks(trx, table, id)
  const clocks = parseClocks(kept?.clocks ?? '{}')
  for (const field of names) clocks[field] = record.clocks[field] ?? genesisClock
  if (kept) await sync.saveClocks(trx, { ...kept, clocks: JSON.stringify(clocks) })
  const values = Object.fromEntries(names.map((field) => [field, record.fields[field]]))
  const hlc = latestClock([genesisClock, ...names.map((field) => clocks[field]!)])!
  if (local && names.length > 0) {
    await applyingRemote({ hlc }, () => service.update(trx, tenantId, id, values, now))
  } else if (!local) {
    await applyIncoming(
      trx,
      tenantId,
      {
        table,
        id,
        op: 'upsert',
        fields: record.fields,
        clocks: record.clocks,
        createdHlc: record.createdHlc,
      },
      now,
    )
  }
}

/**
 * The server merged one of this replica's creations into a record created before it elsewhere:
 * the survivor comes here as the server has it, and the local copy is merged into it the same way
 * (its links moved, its id kept as an alias), before the pull brings later changes.
 */
async function followMerge(
  trx: Db,
  tenantId: string,
  merge: PushAnswer['merged'][number],
  now: Date,
): Promise<void> {
  const { table, id, into, record } = merge
  if (!isSyncedTable(table)) return
  if (record && !record.deleted) {
    await applyIncoming(
      trx,
      tenantId,
      {
        table: record.table,
        id: record.id,
        op: 'upsert',
        fields: record.fields,
        clocks: record.clocks,
        createdHlc: record.createdHlc,
      },
      now,
    )
  }
  if (!(await recordServices[table].find(trx, tenantId, into))) return
  await absorb(trx, table, tenantId, into, id, now, applyIncoming, false)
  // The server merged by this replica's clocks as it accepted them (capped to its time when they
  // ran ahead); merged here by the local ones, a field could come out otherwise, and stay so. The
  // survivor takes the server's fields and clocks, bar those a newer local write still waits to
  // push, as a refused change's record does.
  if (record && !record.deleted) {
    const fields = JSON.stringify(record.fields)
    await putBack(trx, tenantId, { tableName: record.table, recordId: into, fields }, record, now)
  }
}

async function pushAndPull(
  db: Db,
  server: SyncServer,
  state: { clientId: string; tenantId: string },
  now: () => Date,
): Promise<SyncReport> {
  const { clientId } = state
  const report: SyncReport = { pushed: 0, pulled: 0, rejected: [], resnapshot: false }
  // Push first: a resnapshot needs an empty outbox, and the pull then brings our own changes back
  // settled. A refused push does not stop the pull below it from being tried (PowerSync's trap).
  let pushError: unknown
  try {
    for (;;) {
      const waiting = await sync.listOutbox(db, pushBatch)
      if (waiting.length === 0) break
      const answer = await server.push({
        clientId,
        mutations: waiting.map((row) => ({
          seq: row.seq,
          table: row.tableName,
          id: row.recordId,
          op: row.op,
          fields: JSON.parse(row.fields) as Record<string, unknown>,
          hlc: row.hlc,
        })),
      })
      await inTransaction(db, async (trx) => {
        await sync.deleteOutboxThrough(trx, answer.lastSeq)
        for (const { seq, record } of answer.records) {
          const refused = waiting.find((row) => row.seq === seq)
          if (refused) await putBack(trx, state.tenantId, refused, record, now())
        }
        for (const merge of answer.merged) await followMerge(trx, state.tenantId, merge, now())
      })
      report.pushed += waiting.filter((row) => row.seq <= answer.lastSeq).length
      report.rejected.push(...answer.rejected)
    }
  } catch (error) {
    if (error instanceof Unreachable) throw error
    pushError = error
  }
  for (;;) {
    const link = (await sync.findSyncState(db))!
    let page
    try {
      page = await server.pull(clientId, link.cursor ?? '')
    } catch (error) {
      if (error instanceof ServerRefusal && error.code === 'resnapshot_required' && !pushError) {
        await inTransaction(db, async (trx) => {
          const snapshot = await server.snapshot()
          await loadSnapshot(trx, snapshot, now())
          await sync.updateSyncState(trx, {
            cursor: snapshot.cursor,
            permissions: JSON.stringify(snapshot.permissions),
          })
        })
        report.resnapshot = true
        continue
      }
      throw error
    }
    await inTransaction(db, async (trx) => {
      await mirrorSettings(trx, link.tenantId, page.settings)
      for (const change of page.changes) {
        await adoptCappedClock(trx, change, clientId)
        try {
          await applyIncoming(trx, link.tenantId, change, now())
        } catch (error) {
          // The server took it; here it can only lose to a newer local edit or a local delete,
          // which the server will settle when it arrives.
          if (!(error instanceof Refused)) throw error
        }
      }
      await sync.updateSyncState(trx, {
        cursor: page.cursor,
        permissions: JSON.stringify(page.permissions),
      })
      await sync.deleteOutboxThrough(trx, page.lastSeq)
    })
    report.pulled += page.changes.length
    if (!page.hasMore) break
  }
  if (pushError) throw pushError
  return report
}
