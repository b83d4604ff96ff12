// A replica's side (docs/sync-protocol.md): connect to a team server (load a snapshot), then
// sync: push the outbox, pull the changes after the cursor, each page applied with its cursor in
// one transaction. The desktop app and `outpost sync` both run this.
import { randomBytes } from 'node:crypto'
import { inTransaction, withTempFilesOnDisk, type Db } from '../db/connection'
import { seal, unseal } from '../sealing/sealed-text'
import {
  createWorkspace,
  deleteWorkspace,
  findWorkspaceByName,
  getWorkspace,
  listWorkspaces,
} from '../workspaces/service'
import { applyIncoming, Refused } from './apply'
import * as sync from './repository'
import type { z } from '@hono/zod-openapi'
import type { PulledChange, PushAnswer, SnapshotRecord, syncLinkSchema } from './schema'
import { recordServices } from './record-services'
import { isSyncedTable } from './synced-records'
import { mirrorSettings } from './workspace-settings'
import { absorb, genesisClock } from './merge-duplicates'
import { applyingRemote } from './write-origin'
import { latestClock, parseClocks } from './stamp-writes'
import { parseHlc } from '../../shared/sync/hlc'
import { giveBackToken, syncServer, type SyncServer } from './server-client'
import type { SnapshotFile } from './snapshot-file'
import { ChangesWaiting, ServerRefusal, SyncError, Unreachable } from './sync-errors'

const pushBatch = 500

/** A replica's links' state, as Settings › Sync and `outpost sync status` show it (schema.ts). */
export type SyncStatus = z.output<typeof syncLinkSchema>
type LinkState = SyncStatus['workspaces'][number]['state']

/** What this database's replica links say now, without calling the server. */
export async function replicaStatus(db: Db): Promise<SyncStatus> {
  const links = await sync.listSyncLinks(db)
  const waiting = await sync.countOutbox(db)
  const names = new Map((await listWorkspaces(db)).map((w) => [w.id, w.name]))
  const workspaces = links.map((link) => {
    const offline = link.lastError?.startsWith('offline:') ?? false
    const count = waiting.get(link.tenantId) ?? 0
    const state: LinkState = link.lastError
      ? offline
        ? 'offline'
        : 'error'
      : count > 0
        ? 'syncing'
        : 'synced'
    return {
      workspaceId: link.tenantId,
      name: names.get(link.tenantId) ?? link.tenantId,
      state,
      waiting: count,
      lastSyncedAt: link.lastSyncedAt,
      error: link.lastError && link.lastError.replace(/^offline: /, ''),
    }
  })
  const worst = linkStatesByConcern.find((state) => workspaces.some((w) => w.state === state))
  const synced = workspaces.map((w) => w.lastSyncedAt)
  return {
    state: worst ?? 'not-connected',
    serverUrl: links[0]?.serverUrl ?? null,
    waiting: workspaces.reduce((sum, w) => sum + w.waiting, 0),
    lastSyncedAt: synced.includes(null) ? null : (synced.sort()[0] ?? null),
    error: workspaces.find((w) => w.error)?.error ?? null,
    workspaces,
  }
}

// Of several workspaces' states, the window shows the first of these any of them is in.
const linkStatesByConcern: LinkState[] = ['error', 'offline', 'syncing', 'synced']

/**
 * Makes this database a replica of the team server's workspaces the tokens belong to (one token
 * each): loads their snapshots (each workspace made here with the server's id) and keeps a link
 * for each. Another workspace of the same server may be added later; a second server may not.
 * Fails, changing nothing, when the server cannot be reached or refuses a token. Tokens the
 * server made for this connection (`madeHere`: signing in) and not kept, their workspace here
 * already or the connection failed, are given back to it (revoked there), while it can be reached.
 */
export async function connectReplica(
  db: Db,
  link: { serverUrl: string; tokens: readonly string[]; madeHere?: boolean },
  now: () => Date,
): Promise<{ workspaces: { id: string; name: string }[]; records: number }> {
  const links = await sync.listSyncLinks(db)
  const snapshots: { token: string; snapshot: SnapshotFile }[] = []
  let kept: string[] = []
  try {
    const other = links.find((existing) => !sameServer(existing.serverUrl, link.serverUrl))
    if (other) {
      throw new SyncError(
        `This data folder is already a replica of another team server (${other.serverUrl})`,
      )
    }
    for (const token of link.tokens) {
      const snapshot = await syncServer(link.serverUrl, token).snapshot()
      const { id } = snapshot.head.workspace
      const linked = links.some((existing) => existing.tenantId === id)
      const twice = snapshots.some((s) => s.snapshot.head.workspace.id === id)
      if (linked || twice) snapshot.remove()
      else snapshots.push({ token, snapshot })
    }
    if (snapshots.length === 0) {
      throw new SyncError('This data folder is already a replica of that workspace')
    }
    const records = await inTransaction(db, async (trx) => {
      let loaded = 0
      for (const { token, snapshot } of snapshots) {
        const { workspace, permissions, cursor } = snapshot.head
        const present = (await listWorkspaces(trx)).some((w) => w.id === workspace.id)
        if (!present) {
          const name = (await findWorkspaceByName(trx, workspace.name))
            ? `${workspace.name} (team server)`
            : workspace.name
          await createWorkspace(trx, name, now(), undefined, workspace.id)
        }
        loaded += await loadSnapshot(trx, snapshot, now())
        await sync.insertSyncLink(trx, {
          tenantId: workspace.id,
          clientId: randomBytes(8).toString('hex'),
          serverUrl: link.serverUrl,
          serverToken: await seal(trx, token),
          permissions: JSON.stringify(permissions),
          cursor,
          lastSyncedAt: now().toISOString(),
          lastError: null,
        })
      }
      return loaded
    })
    kept = snapshots.map(({ token }) => token)
    return { workspaces: snapshots.map(({ snapshot }) => snapshot.head.workspace), records }
  } finally {
    for (const { snapshot } of snapshots) snapshot.remove()
    if (link.madeHere) {
      const unused = link.tokens.filter((token) => !kept.includes(token))
      for (const token of unused) await tokenGivenBack(link.serverUrl, token)
    }
  }
}

/**
 * Gives a token back to the team server (revoked there), if it can be reached: answers whether it
 * was. Offline, or the token gone already, the link is ended here all the same.
 */
const tokenGivenBack = (serverUrl: string, token: string): Promise<boolean> =>
  giveBackToken(serverUrl, token).then(
    () => true,
    () => false,
  )

/** Two addresses of one team server: a trailing slash makes no other. */
const sameServer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '')

/**
 * Ends this data folder's link to its team server for one workspace, or for all when none is
 * named: each workspace stays, as a workspace of this computer's own (its settings editable
 * again), and syncs no more. Changes made here that have not reached the server are refused
 * (ChangesWaiting) unless `discardWaiting`. Then each link's token is given back to the server
 * (revoked there), when it can be reached: answers how many could not be, whose tokens stay live
 * until revoked in the server's Settings › API tokens. Connecting again later loads the server's
 * snapshot by the usual rules.
 */
export async function disconnectReplica(
  db: Db,
  { discardWaiting, workspaceId }: { discardWaiting: boolean; workspaceId?: string },
): Promise<{ tokensKept: number }> {
  const ended = await inTransaction(db, async (trx) => {
    const links = (await sync.listSyncLinks(trx)).filter(
      (link) => workspaceId === undefined || link.tenantId === workspaceId,
    )
    if (links.length === 0) {
      throw new SyncError(
        workspaceId === undefined
          ? 'This data folder is not a replica of a team server'
          : 'This data folder does not replicate that workspace',
      )
    }
    const counts = await sync.countOutbox(trx)
    const waiting = links.reduce((sum, link) => sum + (counts.get(link.tenantId) ?? 0), 0)
    if (waiting > 0 && !discardWaiting) throw new ChangesWaiting(waiting)
    for (const link of links) await sync.deleteSyncLink(trx, link.tenantId)
    return links
  })
  let tokensKept = 0
  for (const link of ended) {
    // A token whose sealing key was lost cannot be read, nor given back.
    const token = unseal(link.serverToken)
    if (!token || !(await tokenGivenBack(link.serverUrl, token))) tokensKept++
  }
  return { tokensKept }
}

/**
 * Takes the workspace's settings, then applies every record of a snapshot by the usual rules:
 * newer local edits stay. Answers how many records it held; throws, for the transaction to undo
 * it all, when the snapshot was cut off.
 */
async function loadSnapshot(trx: Db, snapshot: SnapshotFile, now: Date): Promise<number> {
  const { workspace, settings } = snapshot.head
  await mirrorSettings(trx, workspace.id, settings)
  let records = 0
  for await (const record of snapshot.records()) {
    records++
    try {
      await applyIncoming(
        trx,
        workspace.id,
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
  return records
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
  /** Workspaces the user may no longer read on the team server: their copies were removed. */
  removed: { id: string; name: string }[]
}

const noRound = (): SyncReport => ({
  pushed: 0,
  pulled: 0,
  rejected: [],
  resnapshot: false,
  removed: [],
})

/**
 * One round for each workspace replicated here: push everything waiting, then pull until the
 * cursor is current. Records each outcome in its link (the status shows it) and answers what it
 * did; throws the first failure once every link has had its round.
 */
export async function syncOnce(
  db: Db,
  now: () => Date,
  connect: (url: string, token: string) => SyncServer = syncServer,
): Promise<SyncReport> {
  const links = await sync.listSyncLinks(db)
  if (links.length === 0)
    throw new SyncError('This data folder is no replica: run `outpost sync connect URL` first')
  const report = noRound()
  let failure: unknown
  for (const link of links) {
    try {
      const done = await syncLink(db, link, now, connect)
      report.pushed += done.pushed
      report.pulled += done.pulled
      report.rejected.push(...done.rejected)
      report.resnapshot ||= done.resnapshot
      report.removed.push(...done.removed)
    } catch (error) {
      failure ??= error
    }
  }
  if (failure !== undefined) throw failure
  return report
}

async function syncLink(
  db: Db,
  link: sync.SyncLink,
  now: () => Date,
  connect: (url: string, token: string) => SyncServer,
): Promise<SyncReport> {
  const token = unseal(link.serverToken)
  if (!token) {
    const why =
      'The token for the team server cannot be read (its sealing key was lost): connect again'
    await sync.updateSyncLink(db, link.tenantId, { lastError: why })
    throw new SyncError(why)
  }
  const server = connect(link.serverUrl, token)
  try {
    const report = await pushAndPull(db, server, link, now)
    await sync.updateSyncLink(db, link.tenantId, {
      lastSyncedAt: now().toISOString(),
      lastError: null,
    })
    return report
  } catch (error) {
    if (accessEnded(error)) return { ...noRound(), removed: [await forgetWorkspace(db, link)] }
    const why =
      error instanceof Unreachable
        ? `offline: ${error.message}`
        : error instanceof ServerRefusal
          ? `${error.message} (${error.code})`
          : String(error)
    await sync.updateSyncLink(db, link.tenantId, { lastError: why })
    throw error
  }
}

/**
 * The team server no longer lets the link's account read the workspace (removed from it: its
 * token keeps no right there). A 401 is not this: a token revoked, or an account signed out, may
 * sign in again, and the copy with its waiting changes stays until then.
 */
const accessEnded = (error: unknown) =>
  error instanceof ServerRefusal &&
  error.status === 403 &&
  error.details.permission === 'records.read'

/**
 * A replica holds only the workspaces its user may read (section 7): one whose access ended goes
 * from this computer, its records, its link and its changes waiting with it (each a refused
 * write now), in one transaction.
 */
async function forgetWorkspace(db: Db, link: sync.SyncLink): Promise<{ id: string; name: string }> {
  return withTempFilesOnDisk(db, () =>
    inTransaction(db, async (trx) => {
      const workspace = await getWorkspace(trx, link.tenantId)
      await deleteWorkspace(trx, link.tenantId)
      return { id: workspace.id, name: workspace.name }
    }),
  )
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
      const remote = applyingRemote(trx, { hlc: record?.createdHlc ?? genesisClock })
      await service.remove(remote, tenantId, id, now)
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
    await service.update(applyingRemote(trx, { hlc }), tenantId, id, values, now)
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
  { clientId, tenantId }: { clientId: string; tenantId: string },
  now: () => Date,
): Promise<SyncReport> {
  const report = noRound()
  // Push first: a resnapshot needs an empty outbox, and the pull then brings our own changes back
  // settled. A refused push does not stop the pull below it from being tried (PowerSync's trap).
  let pushError: unknown
  try {
    for (;;) {
      const waiting = await sync.listOutbox(db, tenantId, pushBatch)
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
        await sync.deleteOutboxThrough(trx, tenantId, answer.lastSeq)
        for (const { seq, record } of answer.records) {
          const refused = waiting.find((row) => row.seq === seq)
          if (refused) await putBack(trx, tenantId, refused, record, now())
        }
        for (const merge of answer.merged) await followMerge(trx, tenantId, merge, now())
      })
      report.pushed += waiting.filter((row) => row.seq <= answer.lastSeq).length
      report.rejected.push(...answer.rejected)
    }
  } catch (error) {
    if (error instanceof Unreachable) throw error
    pushError = error
  }
  for (;;) {
    const link = (await sync.findSyncLink(db, tenantId))!
    let page
    try {
      page = await server.pull(clientId, link.cursor ?? '')
    } catch (error) {
      if (error instanceof ServerRefusal && error.code === 'resnapshot_required' && !pushError) {
        const snapshot = await server.snapshot()
        try {
          await inTransaction(db, async (trx) => {
            await loadSnapshot(trx, snapshot, now())
            await sync.updateSyncLink(trx, tenantId, {
              cursor: snapshot.head.cursor,
              permissions: JSON.stringify(snapshot.head.permissions),
            })
          })
        } finally {
          snapshot.remove()
        }
        report.resnapshot = true
        continue
      }
      throw error
    }
    await inTransaction(db, async (trx) => {
      await mirrorSettings(trx, tenantId, page.settings)
      for (const change of page.changes) {
        await adoptCappedClock(trx, change, clientId)
        try {
          await applyIncoming(trx, tenantId, change, now())
        } catch (error) {
          // The server took it; here it can only lose to a newer local edit or a local delete,
          // which the server will settle when it arrives.
          if (!(error instanceof Refused)) throw error
        }
      }
      await sync.updateSyncLink(trx, tenantId, {
        cursor: page.cursor,
        permissions: JSON.stringify(page.permissions),
      })
      await sync.deleteOutboxThrough(trx, tenantId, page.lastSeq)
    })
    report.pulled += page.changes.length
    if (!page.hasMore) break
  }
  if (pushError) throw pushError
  return report
}
