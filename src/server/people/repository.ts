import { customFieldText } from '../db/json-fields'
import { sql, type Insertable, type Updateable } from 'kysely'
import { compiledOnce } from '../db/compiled-once'
import type { Db } from '../db/connection'
import { answerReads } from '../db/record-page'
import { answerJson } from '../db/record-tags'
import { findTenantRow, insertRows, findTenantIdBy, updateRow } from '../db/tenant-rows'
import type { PersonTable } from '../db/database'
import { lowerFor } from '../db/fold'
import { orderKey } from '../db/text-fold'

/** The columns a person's answer shows, in its order (then tags, custom fields, timestamps). */
export const personColumns = [
  ...['id', 'tenantId', 'fullName', 'primaryEmail', 'primaryPhone', 'companyId', 'ownerId'],
  ...['lifecycleStage', 'leadSource'],
] as const

// A person's answer as the database makes it, JSON text (service.ts toPerson makes the same from
// a row).
const personAnswer = (db: Db) => answerJson(db, 'people', personColumns)

/** Pages of people newest first, each person's answer as JSON text. */
export const personAnswerPages = answerReads('people', personAnswer)

const answerById = compiledOnce((db: Db, tenantId: string, id: string) =>
  db
    .selectFrom('people')
    .select(personAnswer(db).as('answer'))
    .where('tenantId', '=', tenantId)
    .where('id', '=', id),
)

/** A person's answer as JSON text, made by SQLite; undefined when the workspace has none. */
export async function findPersonAnswer(db: Db, tenantId: string, id: string) {
  return (await answerById(db, tenantId, id))[0]?.answer
}

export const insertPerson = (db: Db, row: Insertable<PersonTable>) =>
  insertRows(db, 'people', [{ ...row, nameKey: orderKey(row.fullName) }])

export const findPersonById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'people', tenantId, id)

export const findPersonIdByEmail = (db: Db, tenantId: string, email: string) =>
  findTenantIdBy(db, 'people', tenantId, 'primaryEmail', email)

/** The columns by which a person points at another record that can be deleted. */
export type PersonReference = 'companyId' | 'ownerId'

export const updatePerson = (db: Db, id: string, values: Updateable<PersonTable>) =>
  updateRow(
    db,
    'people',
    id,
    values.fullName === undefined ? values : { ...values, nameKey: orderKey(values.fullName) },
  )

export async function deletePerson(db: Db, id: string): Promise<void> {
  await db.deleteFrom('people').where('id', '=', id).execute()
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
      const key = field.slice('customFields.'.length)
      query = query.where(customFieldText(db, 'custom_fields', key), '=', value)
    } else if (field === 'fullName' || field === 'leadSource') {
      query = query.where(lowerFor(sql.ref(field), value), '=', value.toLowerCase())
    } else {
      query = query.where(field as 'primaryEmail', '=', value)
    }
  }
  return query.orderBy('createdAt').orderBy('id').limit(1).executeTakeFirst()
}

export async function findPeopleNames(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return {}
  const rows = await db
    .selectFrom('people')
    .select(['id', 'fullName'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .execute()
  return Object.fromEntries(rows.map((row) => [row.id, row.fullName])) as Record<string, string>
}
