import { jsonObjectKeys } from './json-fields'
import { sql, type Selectable } from 'kysely'
import { paginate, type Page, type PageRequest } from '../http/pagination'
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

/**
 * One page of a workspace's rows, newest first, with the workspace's total; `toItems` turns the
 * page's rows into what the API answers.
 */
export async function selectTenantPage<T extends TenantListTable, Item>(
  db: Db,
  table: T,
  tenantId: string,
  request: PageRequest,
  toItems: (rows: Selectable<Database[T]>[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  const page = await paginate(
    request,
    async () =>
      (await tenantPageQueries(db, table, tenantId, 0, 0).count.executeTakeFirstOrThrow()).total,
    (limit, offset) => tenantPageQueries(db, table, tenantId, limit, offset).rows.execute(),
  )
  // The rows are of table T; the query builder only knows "one of the listed tables".
  const rows = page.data as unknown as Selectable<Database[T]>[]
  return { ...page, data: await toItems(rows) }
}

/** Where a creation-order scan stopped: the last row's createdAt and id. */
export interface CreationCursor {
  createdAt: string
  id: string
}

/**
 * The next `limit` records of a workspace in creation order (oldest first), after
 * `after`: a keyset scan for exports and imports, which neither skips nor repeats rows while
 * others write, and costs the same for the last batch as for the first.
 */
export async function selectTenantRowsAfter<
  T extends
    | 'companies'
    | 'users'
    | 'lostReasons'
    | 'people'
    | 'deals'
    | 'activities'
    | 'notes'
    | 'savedViews',
>(
  db: Db,
  table: T,
  tenantId: string,
  after: CreationCursor | null,
  limit: number,
): Promise<Selectable<Database[T]>[]> {
  let query = db
    // Kysely cannot type a table chosen at run time; each of these has the columns used here.
    .selectFrom(table as 'people')
    .selectAll()
    .where('tenantId', '=', tenantId)
  if (after) {
    // A row value, which seeks in the (tenant, created_at, id) index: the same condition written
    // with OR read the workspace from its start each batch (an export of a million people: 95 s).
    query = query.where((eb) =>
      eb(eb.refTuple('createdAt', 'id'), '>', eb.tuple(after.createdAt, after.id)),
    )
  }
  const rows = await query.orderBy('createdAt').orderBy('id').limit(limit).execute()
  // As in selectTenantPage: the rows are of table T.
  return rows as unknown as Selectable<Database[T]>[]
}

/** Every custom field key in use on a workspace's people or deals, sorted. */
export async function selectCustomFieldKeys(
  db: Db,
  table: 'people' | 'deals',
  tenantId: string,
): Promise<string[]> {
  const { rows } = await jsonObjectKeys(
    db,
    table,
    'custom_fields',
    sql<boolean>`${sql.ref(`${table}.tenant_id`)} = ${tenantId}`,
  ).execute(db)
  return rows.map((row) => row.key)
}
