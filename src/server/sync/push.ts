// The server's side of push (docs/sync-protocol.md, section 3): each mutation applied exactly
// once, in order, each in its own transaction together with the client's settled number; a
// mutation the rules refuse is recorded with its reason and settles all the same.
import { capFuture, formatHlc, parseHlc } from '../../shared/sync/hlc'
import type { AuthContext } from '../app-env'
import { inTransaction, type Db } from '../db/connection'
import { ApiError } from '../http/errors'
import { applyIncoming, Refused } from './apply'
import * as sync from './repository'
import type { PushBody } from './schema'
import { assertSchemaSpoken } from './versions'

export interface PushAnswer {
  lastSeq: number
  rejected: { seq: number; reason: string }[]
}

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
  const rejected = await sync.listRejections(db, body.clientId, first, lastSeq)
  return { lastSeq, rejected }
}

type Mutation = PushBody['mutations'][number]

/** Applies one mutation, or records why not; either way it is settled. Answers the new lastSeq. */
async function settle(
  db: Db,
  auth: Pick<AuthContext, 'tenantId' | 'permissions'>,
  clientId: string,
  mutation: Mutation,
  now: Date,
): Promise<number> {
  const at = now.toISOString()
  // A clock far ahead is believed only up to the server's time plus the drift allowed.
  const hlc = formatHlc(capFuture(parseHlc(mutation.hlc), now.getTime()))
  let reason: string
  try {
    return await inTransaction(db, async (trx) => {
      // Another push of the same client (a retry racing the first) may have settled it.
      const settled = (await sync.findSyncClient(trx, clientId))!.lastSeq
      if (mutation.seq <= settled) return settled
      if (!auth.permissions.includes('records.write')) {
        throw new Refused('forbidden: records.write')
      }
      await applyIncoming(trx, auth.tenantId, { ...mutation, hlc }, now)
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
