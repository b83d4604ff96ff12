import { sql } from 'kysely'
import type { Db } from '../db/connection'

/**
 * Counts one request under `key` at `now` (ms) in its one-minute window, opening a new window
 * when the last one ended; answers the window's start and count after this request. One
 * statement: concurrent requests of several processes each count once, and see each other.
 */
export async function countRequest(
  db: Db,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ startedAt: number; count: number }> {
  const ended = sql<boolean>`rate_limit_windows.started_at <= ${now - windowMs}`
  const row = await db
    .insertInto('rateLimitWindows')
    .values({ key, startedAt: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        startedAt: eb.case().when(ended).then(now).else(eb.ref('rateLimitWindows.startedAt')).end(),
        count: eb
          .case()
          .when(ended)
          .then(1)
          .else(eb(eb.ref('rateLimitWindows.count'), '+', 1))
          .end(),
      })),
    )
    .returning(['startedAt', 'count'])
    .executeTakeFirstOrThrow()
  return row
}

/** Deletes the windows that started before `before` (ms): they count for nothing any more. */
export async function deleteEndedWindows(db: Db, before: number): Promise<void> {
  await db.deleteFrom('rateLimitWindows').where('startedAt', '<', before).execute()
}
