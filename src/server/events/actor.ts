// Who or what is making the changes of the work under way: a token (by its name), the UI (and
// the user of it, when known), an inbound webhook, an import, the reminder scheduler. Marked on the
// database handle where a request or job starts (auth/middleware.ts gives each request its own),
// and read where events are recorded, so no service signature has to carry it.
import type { Db } from '../db/connection'
import { MarkKind, markOf, withMark } from '../db/handle-marks'

export type Actor =
  | { kind: 'token'; name: string }
  | { kind: 'ui' }
  // The app, used by a person who said who they are (Settings → Users → "This is me").
  | { kind: 'user'; id: string; name: string }
  | { kind: 'inbound'; name: string }
  | { kind: 'import' }
  | { kind: 'system'; name: string }

const acting = new MarkKind<Actor>('actor')

/** `db`, for work done as `actor`: its writes (and its transactions') are recorded as the actor's. */
export const actingAs = (db: Db, actor: Actor): Db => withMark(db, acting, actor)

/** The actor `db` works for, or null for none. */
export const currentActor = (db: Db): Actor | null => markOf(db, acting) ?? null
