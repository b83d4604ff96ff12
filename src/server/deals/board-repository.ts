import { sql } from 'kysely'
import { engineOf, type Db } from '../db/connection'

// The next activity as JSON text: SQLite's json_object, PostgreSQL's json_build_object read as
// text (pg would parse json into an object; the service parses the text on both engines).
const jsonObject = (db: Db) =>
  sql.raw(engineOf(db) === 'postgres' ? 'json_build_object' : 'json_object')
const jsonAsText = (db: Db) => sql.raw(engineOf(db) === 'postgres' ? '::text' : '')

/**
 * The deals of a pipeline as cards, with the names of their person, owner and company and their
 * next open activity: every open deal, and the won and lost ones closed since `closedSince`.
 */
export async function listBoardCards(
  db: Db,
  tenantId: string,
  pipelineId: string,
  closedSince: string,
) {
  return db
    .selectFrom('deals')
    .leftJoin('people', 'people.id', 'deals.primaryPersonId')
    .leftJoin('users', 'users.id', 'deals.ownerId')
    .leftJoin('companies', 'companies.id', 'deals.primaryCompanyId')
    .select([
      'deals.id',
      'deals.title',
      'deals.value',
      'deals.currency',
      'deals.stageId',
      'deals.ownerId',
      'users.name as ownerName',
      'deals.primaryPersonId',
      'people.fullName as personName',
      'deals.primaryCompanyId',
      'companies.name as companyName',
      'deals.expectedCloseDate',
      'deals.lostReasonId',
      'deals.closedAt',
      'deals.probability',
      'deals.updatedAt',
      // The soonest open activity; undated ones come after every dated one.
      sql<string | null>`(select ${jsonObject(db)}('id', a.id, 'subject', a.subject, 'dueDate',
        a.due_date, 'dueTime', a.due_time, 'dueAt', a.due_at)${jsonAsText(db)} from activities a
        where a.deal_id = deals.id and a.done = 0
        order by a.due_at is null, a.due_at limit 1)`.as('nextActivity'),
    ])
    .where('deals.tenantId', '=', tenantId)
    .where('deals.pipelineId', '=', pipelineId)
    .where((eb) =>
      eb.or([eb('deals.closedAt', 'is', null), eb('deals.closedAt', '>=', closedSince)]),
    )
    .orderBy('deals.updatedAt', 'desc')
    .orderBy('deals.id', 'desc')
    .execute()
}
