import { sql, type Expression, type SqlBool } from 'kysely'
import type { Db } from '../db/connection'
import { historyPayload } from './history'

/** A timeline's line as stored: in the change feed (`events`) or past it (`record_history`). */
export interface TimelineRow {
  seq: number
  payload: string
  actor: string | null
}

/**
 * The newest `limit` events of the records `which` picks (a condition on `resource_id`, a column
 * of both tables), newest first: the ones still in the change feed and, before them, the ones the
 * history kept.
 */
async function newestOf(db: Db, tenantId: string, which: Expression<SqlBool>, limit: number) {
  return db
    .selectFrom('events')
    .select(['seq', 'payload', 'actor'])
    .where('tenantId', '=', tenantId)
    .where(which)
    .unionAll((eb) =>
      eb
        .selectFrom('recordHistory')
        .select(['seq', 'payload', 'actor'])
        .where('tenantId', '=', tenantId)
        .where(which),
    )
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute()
}

/** One person's or deal's newest events, newest first. */
export const listRecordEvents = (db: Db, tenantId: string, resourceId: string, limit: number) =>
  newestOf(db, tenantId, sql<SqlBool>`resource_id = ${resourceId}`, limit)

/** The newest events of the people and deals that belong to a company now, newest first. */
export const listCompanyRecordEvents = (
  db: Db,
  tenantId: string,
  companyId: string,
  limit: number,
) =>
  newestOf(
    db,
    tenantId,
    sql<SqlBool>`resource_id in (
      select id from people where tenant_id = ${tenantId} and company_id = ${companyId}
      union all
      select id from deals where tenant_id = ${tenantId} and primary_company_id = ${companyId})`,
    limit,
  )

/**
 * Keeps, as their records' history, the events of people and deals that still exist among those
 * the retention is about to prune (seq up to `lastSeq`, recorded before `cutoff`), then trims
 * each of those records' history to its newest `kept` (all a timeline shows). Runs in the
 * prune's transaction, so an event leaves the feed and enters the history at once.
 */
export async function keepHistory(
  trx: Db,
  tenantId: string,
  lastSeq: number,
  cutoff: string,
  kept: number,
): Promise<void> {
  const pruned = await trx
    .selectFrom('events')
    .select(['seq', 'resourceId', 'payload', 'actor'])
    .where('tenantId', '=', tenantId)
    .where('seq', '<=', lastSeq)
    .where('createdAt', '<', cutoff)
    .where('resourceType', 'in', ['person', 'deal'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('people')
            .select('people.id')
            .whereRef('people.id', '=', 'events.resourceId'),
        ),
        eb.exists(
          eb.selectFrom('deals').select('deals.id').whereRef('deals.id', '=', 'events.resourceId'),
        ),
      ]),
    )
    .execute()
  if (pruned.length === 0) return
  // 200 rows a statement: five columns each stay far below either engine's limit of parameters.
  for (let start = 0; start < pruned.length; start += 200) {
    await trx
      .insertInto('recordHistory')
      .values(
        pruned.slice(start, start + 200).map((event) => ({
          tenantId,
          resourceId: event.resourceId,
          seq: event.seq,
          payload: historyPayload(event.payload),
          actor: event.actor,
        })),
      )
      .execute()
  }
  // A record past `kept` lines loses its oldest: a record a script changes hourly would
  // otherwise keep thousands that no timeline shows.
  const records = [...new Set(pruned.map((event) => event.resourceId))]
  const full = await trx
    .selectFrom('recordHistory')
    .select('resourceId')
    .where('tenantId', '=', tenantId)
    .where('resourceId', 'in', records)
    .groupBy('resourceId')
    .having((eb) => eb.fn.countAll(), '>', kept)
    .execute()
  for (const { resourceId } of full) {
    const oldestKept = trx
      .selectFrom('recordHistory')
      .select('seq')
      .where('tenantId', '=', tenantId)
      .where('resourceId', '=', resourceId)
      .orderBy('seq', 'desc')
      .limit(1)
      .offset(kept - 1)
    await trx
      .deleteFrom('recordHistory')
      .where('tenantId', '=', tenantId)
      .where('resourceId', '=', resourceId)
      .where('seq', '<', oldestKept)
      .execute()
  }
}
