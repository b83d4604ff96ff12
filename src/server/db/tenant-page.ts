import type { Selectable } from 'kysely'
import { pageOffset, toPage, type Page, type PageRequest } from '../http/pagination'
import type { Db } from './connection'
import type { Database } from './database'

/** Tables whose rows belong to one workspace and are listed newest first. */
export type TenantListTable =
  'users' | 'companies' | 'lostReasons' | 'apiTokens' | 'people' | 'deals'

/**
 * One page of a workspace's rows, ordered by createdAt descending with id as the tie-breaker, so
 * the order is total and pages never overlap. Served by the (tenant_id, created_at, id) indexes.
 */
export async function selectTenantPage<T extends TenantListTable>(
  db: Db,
  table: T,
  tenantId: string,
  request: PageRequest,
): Promise<Page<Selectable<Database[T]>>> {
  // Kysely cannot type a query over a table chosen at run time; every listed table has these
  // columns, so the rows are cast back to the caller's table once, here.
  const from = db.selectFrom(table as TenantListTable).where('tenantId', '=', tenantId)
  const { total } = await from
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  const offset = pageOffset(request)
  const rows =
    offset === null || offset >= total
      ? []
      : await from
          .selectAll()
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(request.pageSize)
          .offset(offset)
          .execute()
  return toPage(rows as unknown as Selectable<Database[T]>[], request, total)
}
