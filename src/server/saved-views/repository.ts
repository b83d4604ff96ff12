import { sql, type Insertable, type Updateable } from 'kysely'
import type { Db } from '../db/connection'
import type { SavedViewTable } from '../db/database'

export const insertSavedView = (db: Db, row: Insertable<SavedViewTable>) =>
  db.insertInto('savedViews').values(row).execute()

const columns = ['id', 'resource', 'name', 'query', 'createdAt', 'updatedAt'] as const

export const findSavedView = (db: Db, tenantId: string, id: string) =>
  db
    .selectFrom('savedViews')
    .select(columns)
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()

export async function updateSavedView(db: Db, id: string, values: Updateable<SavedViewTable>) {
  await db.updateTable('savedViews').set(values).where('id', '=', id).execute()
}

export function listSavedViews(db: Db, tenantId: string, resource: SavedViewTable['resource']) {
  return (
    db
      .selectFrom('savedViews')
      .select(columns)
      .where('tenantId', '=', tenantId)
      .where('resource', '=', resource)
      // As names are ordered everywhere: case and accents ignored ("Águas" before "b").
      .orderBy(sql`outpost_fold(name)`)
      .orderBy('id')
      .execute()
  )
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
