import { sql, type Insertable, type Updateable } from 'kysely'
import type { Db } from '../db/connection'
import { findTenantRow, insertRows, findTenantIdBy } from '../db/tenant-rows'
import type { PersonTable } from '../db/database'

export const insertPerson = (db: Db, row: Insertable<PersonTable>) =>
  insertRows(db, 'people', [row])

export const findPersonById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'people', tenantId, id)

export const findPersonIdByEmail = (db: Db, tenantId: string, email: string) =>
  findTenantIdBy(db, 'people', tenantId, 'primaryEmail', email)

/** The columns by which a person points at another record that can be deleted. */
export type PersonReference = 'companyId' | 'ownerId'

/** The people whose `field` points at `id`. */
export async function listPeopleReferencing(
  db: Db,
  tenantId: string,
  field: PersonReference,
  id: string,
) {
  return db
    .selectFrom('people')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where(field, '=', id)
    .execute()
}

/** Clears `field` on every person of the workspace pointing at `id`, in one statement. */
export async function clearPersonReference(
  db: Db,
  tenantId: string,
  field: PersonReference,
  id: string,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('people')
    .set({ [field]: null, updatedAt })
    .where('tenantId', '=', tenantId)
    .where(field, '=', id)
    .execute()
}

export async function updatePerson(db: Db, id: string, values: Updateable<PersonTable>) {
  await db.updateTable('people').set(values).where('id', '=', id).execute()
}

export async function deletePerson(db: Db, id: string): Promise<void> {
  await db.deleteFrom('people').where('id', '=', id).execute()
}

/** Tags of each given person, in the order they were given. */
export async function listPersonTags(db: Db, personIds: readonly string[]) {
  if (personIds.length === 0) return []
  return db
    .selectFrom('personTags')
    .select(['personId', 'tag'])
    .where('personId', 'in', personIds)
    .orderBy('personId')
    .orderBy('position')
    .execute()
}

export async function replacePersonTags(
  db: Db,
  tenantId: string,
  personId: string,
  tags: readonly string[],
): Promise<void> {
  await db.deleteFrom('personTags').where('personId', '=', personId).execute()
  if (tags.length === 0) return
  await db
    .insertInto('personTags')
    .values(tags.map((tag, position) => ({ tenantId, personId, tag, position })))
    .execute()
}

/** A condition of deduplication: a person column, or `customFields.<key>`, equal to a value. */
export interface PersonCriterion {
  field:
    | 'fullName'
    | 'primaryEmail'
    | 'primaryPhone'
    | 'companyId'
    | 'leadSource'
    | `customFields.${string}`
  value: string
}

export async function findOldestPersonMatching(
  db: Db,
  tenantId: string,
  criteria: readonly PersonCriterion[],
) {
  let query = db.selectFrom('people').select('id').where('tenantId', '=', tenantId)
  for (const { field, value } of criteria) {
    if (field.startsWith('customFields.')) {
      const path = `$."${field.slice('customFields.'.length)}"`
      query = query.where(
        sql<string>`cast(json_extract(custom_fields, ${path}) as text)`,
        '=',
        value,
      )
    } else if (field === 'fullName' || field === 'leadSource') {
      query = query.where(sql<string>`lower(${sql.ref(field)})`, '=', value.toLowerCase())
    } else {
      query = query.where(field as 'primaryEmail', '=', value)
    }
  }
  return query.orderBy('createdAt').orderBy('id').limit(1).executeTakeFirst()
}
