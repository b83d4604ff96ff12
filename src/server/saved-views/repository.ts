import type { Insertable } from 'kysely'
import type { Db } from '../db/connection'
import type { SavedViewTable } from '../db/database'

export const insertSavedView = (db: Db, row: Insertable<SavedViewTable>) =>
  db.insertInto('savedViews').values(row).execute()

export function listSavedViews(db: Db, tenantId: string, resource: SavedViewTable['resource']) {
  return db
    .selectFrom('savedViews')
    .select(['id', 'resource', 'name', 'query', 'createdAt', 'updatedAt'])
    .where('tenantId', '=', tenantId)
    .where('resource', '=', resource)
    .orderBy('name')
    .execute()
}

export function findSavedViewByName(
  db: Db,
  tenantId: string,
  resource: SavedViewTable['resource'],
  name: string,
) {
  return db
    .selectFrom('savedViews')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('resource', '=', resource)
    .where('name', '=', name)
    .executeTakeFirst()
}

export async function deleteSavedView(db: Db, tenantId: string, id: string) {
  const result = await db
    .deleteFrom('savedViews')
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
