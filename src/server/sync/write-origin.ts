// Whether the write under way is a change from elsewhere being applied (a replica's push on the
// server, the server's changes on a replica), and with which clock. Marked on the transaction the
// services are given by sync/apply.ts and sync/replica.ts; read where events are recorded
// (sync/stamp-writes.ts), as the actor is (events/actor.ts).
import type { Db } from '../db/connection'
import { MarkKind, markOf, withMark } from '../db/handle-marks'

export interface RemoteWrite {
  /** The clock the change was written with: its events carry it. */
  hlc: string
}

const remote = new MarkKind<RemoteWrite>('remote write')

/** `trx`, for applying a change from elsewhere, made at `write.hlc`. */
export const applyingRemote = (trx: Db, write: RemoteWrite): Db => withMark(trx, remote, write)

/** The change from elsewhere `db` applies, or null for a local write. */
export const remoteWrite = (db: Db): RemoteWrite | null => markOf(db, remote) ?? null
