import type { Selectable } from 'kysely'
import { pageOffset, toPage, type Page, type PageRequest } from '../http/pagination'
import type { Db } from './connection'
import type { Database } from './database'

/** Tables whose rows belong to one workspace and are listed newest first. */
export type TenantListTable =
  | 'users'
  | 'companies'
  | 'lostReasons'
  | 'apiTokens'
  | 'people'
  | 'deals'
  | 'inboundWebhooks'
  | 'webhookSubscriptions'

/**
 * The two queries behind a list page: the workspace's total, and one page of rows ordered by
 * createdAt descending with id as the tie-breaker, so the order is total and pages never overlap.
 * Both are served by the table's (tenant_id, created_at, id) index. Exported for the query-plan test.
 */
export function tenantPageQueries(
  db: Db,
  table: TenantListTable,
  tenantId: string,
  limit: number,
  offset: number,
) {
  // Kysely cannot type a query over a table chosen at run time; every listed table has these columns.
  const from = db.selectFrom(table).where('tenantId', '=', tenantId)
  return {
    count: from.select((eb) => eb.fn.countAll<number>().as('total')),
    rows: from
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset),
  }
}

/** One page of a workspace's rows, newest first, with the workspace's total. */
export async function selectTenantPage<T extends TenantListTable>(
  db: Db,
  table: T,
  tenantId: string,
  request: PageRequest,
): Promise<Page<Selectable<Database[T]>>> {
  const offset = pageOffset(request)
  const queries = tenantPageQueries(db, table, tenantId, request.pageSize, offset ?? 0)
  const { total } = await queries.count.executeTakeFirstOrThrow()
  const rows = offset === null || offset >= total ? [] : await queries.rows.execute()
  // The rows are of table T; the query builder only knows "one of the listed tables".
  return toPage(rows as unknown as Selectable<Database[T]>[], request, total)
}
