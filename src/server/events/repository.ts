import type { Insertable } from 'kysely'
import type { Db } from '../db/connection'
import type { EventTable } from '../db/database'

export async function insertEvents(db: Db, rows: Insertable<EventTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('events').values(rows).execute()
}

/** A resource's events, oldest first. */
export async function listEventsOfResource(db: Db, tenantId: string, resourceId: string) {
  return db
    .selectFrom('events')
    .select(['seq', 'payload'])
    .where('tenantId', '=', tenantId)
    .where('resourceId', '=', resourceId)
    .orderBy('seq', 'asc')
    .execute()
}
