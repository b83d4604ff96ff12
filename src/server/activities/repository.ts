import { sql, type Insertable, type Selectable, type Updateable } from 'kysely'
import { containsPattern } from '../db/like-pattern'
import type { Db } from '../db/connection'
import type { ActivityTable } from '../db/database'
import { findTenantRow, insertRows } from '../db/tenant-rows'
import type { ActivityQuery } from './schema'
import { lowerFor } from '../db/fold'

export type ActivityRow = Selectable<ActivityTable>

export const insertActivity = (db: Db, row: Insertable<ActivityTable>) =>
  insertRows(db, 'activities', [row])

export const findActivityById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'activities', tenantId, id)

export async function updateActivity(db: Db, id: string, values: Updateable<ActivityTable>) {
  await db.updateTable('activities').set(values).where('id', '=', id).execute()
}

export async function deleteActivity(db: Db, id: string): Promise<void> {
  await db.deleteFrom('activities').where('id', '=', id).execute()
}

/** Replaces the people an activity is linked to. */
export async function setActivityPeople(db: Db, activityId: string, personIds: string[]) {
  await db.deleteFrom('activityPeople').where('activityId', '=', activityId).execute()
  await insertRows(
    db,
    'activityPeople',
    personIds.map((personId) => ({ activityId, personId })),
  )
}

/** The people linked to each of these activities, by activity id. */
export async function peopleOfActivities(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const byActivity = new Map<string, string[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return byActivity
  const rows = await db
    .selectFrom('activityPeople')
    .select(['activityId', 'personId'])
    .where('activityId', 'in', ids)
    .orderBy('personId')
    .execute()
  for (const row of rows) byActivity.get(row.activityId)?.push(row.personId)
  return byActivity
}

type Filters = Omit<ActivityQuery, 'page' | 'pageSize' | 'sort'>

function filtered(db: Db, tenantId: string, filters: Filters) {
  let query = db.selectFrom('activities').where('tenantId', '=', tenantId)
  const { personId, dealId, companyId, assigneeId, type, done, dueFrom, dueTo, q } = filters
  if (personId) {
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('activityPeople').select('activityId').where('personId', '=', personId),
    )
  }
  if (dealId) query = query.where('dealId', '=', dealId)
  if (companyId) query = query.where('companyId', '=', companyId)
  if (assigneeId) query = query.where('assigneeId', '=', assigneeId)
  if (type) query = query.where('type', '=', type)
  if (done !== undefined) query = query.where('done', '=', done ? 1 : 0)
  if (dueFrom) query = query.where('dueDate', '>=', dueFrom)
  if (dueTo) query = query.where('dueDate', '<=', dueTo)
  const text = q?.trim()
  if (text) {
    query = query.where(
      sql<boolean>`${lowerFor(sql.ref('subject'), text)} like ${containsPattern(text)} escape '\\'`,
    )
  }
  return query
}

export async function countActivities(db: Db, tenantId: string, filters: Filters) {
  const { total } = await filtered(db, tenantId, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return total
}

export function listActivities(
  db: Db,
  tenantId: string,
  query: ActivityQuery,
  limit: number,
  offset: number,
) {
  const rows = filtered(db, tenantId, query).selectAll()
  const ordered =
    query.sort === 'dueAt'
      ? rows
          .orderBy((eb) => eb('dueAt', 'is', null))
          .orderBy('dueAt')
          .orderBy('createdAt')
          .orderBy('id')
      : rows.orderBy('createdAt', 'desc').orderBy('id', 'desc')
  return ordered.limit(limit).offset(offset).execute()
}

/** Every activity on this person or company, oldest first. */
export const listActivitiesOf = (
  db: Db,
  tenantId: string,
  link: { personId: string } | { companyId: string },
) => filtered(db, tenantId, link).selectAll().orderBy('createdAt').orderBy('id').execute()

/** Open activities due before `before` (or undated), soonest first: My work and the badge. */
export function listOpenActivities(
  db: Db,
  tenantId: string,
  before: string,
  limit: number,
  assigneeId?: string,
) {
  let query = db
    .selectFrom('activities')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('done', '=', 0)
  if (assigneeId) query = query.where('assigneeId', '=', assigneeId)
  return query
    .where((eb) => eb.or([eb('dueAt', '<', before), eb('dueAt', 'is', null)]))
    .orderBy((eb) => eb('dueAt', 'is', null))
    .orderBy('dueAt')
    .orderBy('createdAt')
    .limit(limit)
    .execute()
}

/** Open activities whose reminder has come due and not yet fired, across workspaces. */
export function listDueReminders(db: Db, now: string, limit: number) {
  return db
    .selectFrom('activities')
    .selectAll()
    .where('remindAt', 'is not', null)
    .where('remindAt', '<=', now)
    .where('remindedAt', 'is', null)
    .where('done', '=', 0)
    .orderBy('remindAt')
    .limit(limit)
    .execute()
}

export const insertActivityTypes = (
  db: Db,
  rows: { tenantId: string; key: string; name: string; createdAt: string }[],
) => insertRows(db, 'activityTypes', rows)

export function listActivityTypes(db: Db, tenantId: string) {
  return db
    .selectFrom('activityTypes')
    .select(['key', 'name'])
    .where('tenantId', '=', tenantId)
    .orderBy('createdAt')
    .orderBy('key')
    .execute()
}

export async function deleteActivityType(db: Db, tenantId: string, key: string) {
  const result = await db
    .deleteFrom('activityTypes')
    .where('tenantId', '=', tenantId)
    .where('key', '=', key)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
