import { sql, type Insertable } from 'kysely'
import { engineOf, type Db } from '../db/connection'
import { compiledOnce } from '../db/compiled-once'
import type { EventTable } from '../db/database'

// Every write inserts its events: one statement, compiled once, run for each.
const insertEvent = compiledOnce(
  (
    db: Db,
    id: string,
    tenantId: string,
    type: string,
    resourceType: string,
    resourceId: string,
    payload: string,
    actor: string | null,
    createdAt: string,
    hlc: string | null,
  ) =>
    db
      .insertInto('events')
      .values({ id, tenantId, type, resourceType, resourceId, payload, actor, createdAt, hlc }),
)

export async function insertEvents(db: Db, rows: Insertable<EventTable>[]): Promise<void> {
  for (const row of rows) {
    await insertEvent(
      db,
      row.id,
      row.tenantId,
      row.type,
      row.resourceType,
      row.resourceId,
      row.payload,
      row.actor ?? null,
      row.createdAt,
      row.hlc ?? null,
    )
  }
}

/**
 * The highest seq ever given to an event, pruned ones included (AUTOINCREMENT never reuses one):
 * a cursor past it was not given out by this file as it now is.
 */
export async function findHighestSeq(db: Db): Promise<number> {
  // PostgreSQL: the identity's sequence, which never hands a number out twice either. Writers
  // take turns (db/connection.ts), so a number it gave is committed or rolled back, never pending.
  const { rows } =
    engineOf(db) === 'postgres'
      ? await sql<{ seq: number }>`select case when is_called then last_value else 0 end as seq
          from events_seq_seq`.execute(db)
      : await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'events'`.execute(
          db,
        )
  return rows[0]?.seq ?? 0
}

/** The id of the event at `seq`, if it is still kept. */
export async function findEventIdAt(db: Db, seq: number): Promise<string | undefined> {
  const row = await db.selectFrom('events').select('id').where('seq', '=', seq).executeTakeFirst()
  return row?.id
}

/** The newest seq of any workspace: every event up to it is committed. 0 when there are none. */
export async function findLatestSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst()
  return row?.seq ?? 0
}

/** A workspace's events after `afterSeq` in commit order, optionally of some types only. */
export async function listEventsAfter(
  db: Db,
  tenantId: string,
  afterSeq: number,
  limit: number,
  types?: readonly string[],
) {
  let query = db
    .selectFrom('events')
    .select(['seq', 'id', 'type', 'payload', 'hlc'])
    .where('tenantId', '=', tenantId)
    .where('seq', '>', afterSeq)
  // `in ()` is not valid SQL: an empty list selects no type at all.
  if (types) query = query.where('type', 'in', types.length > 0 ? [...types] : [''])
  return query.orderBy('seq', 'asc').limit(limit).execute()
}

export async function findEventById(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('events')
    .select(['seq', 'id', 'type', 'payload'])
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function eventIdExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('events').select('seq').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}
