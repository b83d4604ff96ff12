// Whether the write under way is a change from elsewhere being applied (a replica's push on the
// server, the server's changes on a replica), and with which clock. Set around the services' calls
// by sync/apply.ts; read where events are recorded (sync/stamp-writes.ts), as the actor is.
import { AsyncLocalStorage } from 'node:async_hooks'

export interface RemoteWrite {
  /** The clock the change was written with: its events carry it. */
  hlc: string
}

const store = new AsyncLocalStorage<RemoteWrite>()

/** Runs `work` as the application of a change from elsewhere, made at `hlc`. */
export const applyingRemote = <T>(write: RemoteWrite, work: () => Promise<T>): Promise<T> =>
  store.run(write, work)

/** The change from elsewhere being applied, or null for a local write. */
export const remoteWrite = (): RemoteWrite | null => store.getStore() ?? null
