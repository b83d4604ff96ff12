// Who or what is making the changes of the work under way: a token (by its name), the UI (and
// the user of it, when known), an
// inbound webhook, an import, the reminder scheduler. Set once where a request or job starts and
// read where events are recorded, so no service signature has to carry it.
import { AsyncLocalStorage } from 'node:async_hooks'

export type Actor =
  | { kind: 'token'; name: string }
  | { kind: 'ui' }
  // The app, used by a person who said who they are (Settings → Users → "This is me").
  | { kind: 'user'; id: string; name: string }
  | { kind: 'inbound'; name: string }
  | { kind: 'import' }
  | { kind: 'system'; name: string }

const store = new AsyncLocalStorage<Actor>()

/** Runs `work` (and everything it awaits) as `actor`. */
export const actingAs = <T>(actor: Actor, work: () => T): T => store.run(actor, work)

/** The actor of the work under way, or null outside any. */
export const currentActor = (): Actor | null => store.getStore() ?? null
