// The server's side of push (docs/sync-protocol.md, section 3): each mutation applied exactly
// once, in order, each in its own transaction together with the client's settled number; a
// mutation the rules refuse is recorded with its reason and settles all the same.
import { capFuture, formatHlc, parseHlc, tick } from '../../shared/sync/hlc'
import { clocksOfRow, latestClock, parseClocks } from './stamp-writes'
import type { AuthContext } from '../app-env'
import { inTransaction, type Db } from '../db/connection'
import { ApiError } from '../http/errors'
import { applyIncoming, Refused } from './apply'
import * as sync from './repository'
import { currentRecord } from './pull'
import type { PushAnswer, PushBody } from './schema'
import { assertSchemaSpoken } from './versions'

export async function pushMutations(
  db: Db,
  auth: Pick<AuthContext, 'tenantId' | 'permissions'>,
  body: PushBody,
  now: () => Date,
): Promise<PushAnswer> {
  assertSchemaSpoken(body.schemaVersion)
  const at = now().toISOString()
  await sync.insertSyncClient(db, body.clientId, auth.tenantId, at)
  const client = (await sync.findSyncClient(db, body.clientId))!
  if (client.tenantId !== auth.tenantId) {
    throw new ApiError('conflict', 'This client id syncs another workspace', { field: 'clientId' })
  }
  const first = body.mutations[0]?.seq ?? client.lastSeq + 1
  let lastSeq = client.lastSeq
  for (const mutation of body.mutations) {
    if (mutation.seq <= lastSeq) continue
    if (mutation.seq > lastSeq + 1) {
      throw new ApiError('sync_gap', `Mutation ${lastSeq + 1} is missing: push again from there`, {
        field: 'mutations',
        lastSeq,
      })
    }
    lastSeq = await settle(db, auth, body.clientId, mutation, now())
  }
  // Refused mutations, and mutations some of whose fields a newer write kept: the replica puts
  // each record back as the server has it (replica.ts putBack).
  const refused = await sync.listRejections(db, body.clientId, first, lastSeq)
  const records = []
  for (const { seq, mutation } of refused) {
    const { table, id } = JSON.parse(mutation) as { table: string; id: string }
    records.push({ seq, record: await currentRecord(db, auth.tenantId, table, id) })
  }
  const merged = []
  for (const merge of await sync.listMergesOfClient(db, body.clientId, first, lastSeq)) {
    merged.push({
      seq: merge.seq!,
      table: merge.tableName,
      id: merge.aliasId,
      into: merge.survivorId,
      record: await currentRecord(db, auth.tenantId, merge.tableName, merge.survivorId),
    })
  }
  return {
    lastSeq,
    rejected: refused
      .filter(({ reason }) => !reason.startsWith(supersededPrefix))
      .map(({ seq, reason }) => ({ seq, reason })),
    records,
    merged,
  }
}

type Mutation = PushBody['mutations'][number]

const supersededPrefix = 'superseded: '

/** The fields of a mutation that lose to a newer write the record already has. */
async function supersededFields(trx: Db, mutation: Mutation, hlc: string): Promise<string[]> {
  if (mutation.op !== 'upsert') return []
  const kept = await sync.findClocks(trx, mutation.table, mutation.id)
  if (!kept || kept.deleted === 1) return []
  const clocks = parseClocks(kept.clocks)
  return Object.keys(mutation.fields).filter(
    (field) => field !== 'createdAt' && (clocks[field] ?? '') >= hlc,
  )
}

/**
 * The clock a mutation is applied with. One far ahead is believed only up to the server's time
 * plus the drift allowed (docs/sync-protocol.md, section 1). Two such mutations of one replica
 * capped within the same millisecond would get one clock, and the second would be taken for the
 * first: a capped clock is therefore moved past the newest clock of the same replica the record
 * already has, so one replica's writes keep their order.
 */
async function acceptedClock(trx: Db, mutation: Mutation, now: Date): Promise<string> {
  const pushed = parseHlc(mutation.hlc)
  const capped = capFuture(pushed, now.getTime())
  if (capped.ms === pushed.ms) return mutation.hlc
  // A mutation of an id merged into another (rule 4) lands on the survivor: its order is kept there.
  const alias = await sync.findAlias(trx, mutation.table, mutation.id)
  const kept = await sync.findClocks(trx, mutation.table, alias?.survivorId ?? mutation.id)
  const own =
    kept && latestClock(clocksOfRow(kept).filter((clock) => parseHlc(clock).node === capped.node))
  const text = formatHlc(capped)
  // tick at wall time 0: the next clock after `own`, on the same node.
  return own !== undefined && own >= text ? formatHlc(tick(parseHlc(own), 0, capped.node)) : text
}

/** Applies one mutation, or records why not; either way it is settled. Answers the new lastSeq. */
async function settle(
  db: Db,
  auth: Pick<AuthContext, 'tenantId' | 'permissions'>,
  clientId: string,
  mutation: Mutation,
  now: Date,
): Promise<number> {
  const at = now.toISOString()
  let reason: string
  try {
    return await inTransaction(db, async (trx) => {
      // Another push of the same client (a retry racing the first) may have settled it.
      const settled = (await sync.findSyncClient(trx, clientId))!.lastSeq
      if (mutation.seq <= settled) return settled
      if (!auth.permissions.includes('records.write')) {
        throw new Refused('forbidden: records.write')
      }
      const hlc = await acceptedClock(trx, mutation, now)
      const superseded = await supersededFields(trx, mutation, hlc)
      if (superseded.length > 0) {
        // Settled, but these fields keep a newer write: the replica is told to take them back.
        await sync.insertRejection(trx, {
          clientId,
          seq: mutation.seq,
          reason: `${supersededPrefix}${superseded.join(', ')}`,
          mutation: JSON.stringify(mutation),
          createdAt: at,
        })
      }
      await applyIncoming(trx, auth.tenantId, { ...mutation, hlc }, now, {
        clientId,
        seq: mutation.seq,
      })
      await sync.settleMutation(trx, clientId, mutation.seq, at)
      return mutation.seq
    })
  } catch (error) {
    if (!(error instanceof Refused)) throw error
    reason = error.message
  }
  return inTransaction(db, async (trx) => {
    const settled = (await sync.findSyncClient(trx, clientId))!.lastSeq
    if (mutation.seq <= settled) return settled
    await sync.insertRejection(trx, {
      clientId,
      seq: mutation.seq,
      reason,
      mutation: JSON.stringify(mutation),
      createdAt: at,
    })
    await sync.settleMutation(trx, clientId, mutation.seq, at)
    return mutation.seq
  })
}
