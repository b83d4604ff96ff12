import { sql } from 'kysely'
import type { Db } from '../db/connection'
import { containsPattern } from '../db/like-pattern'
import type { CompanySearch } from './schema'
import { lowerFor } from '../db/fold'

type Filters = Pick<CompanySearch, 'q' | 'openDeals'>

function matching(db: Db, tenantId: string, { q, openDeals }: Filters) {
  let query = db.selectFrom('companies').where('tenantId', '=', tenantId)
  if (openDeals !== undefined) {
    query = query.where((eb) => {
      const open = eb
        .selectFrom('deals')
        .select(sql`1`.as('one'))
        .whereRef('deals.primaryCompanyId', '=', 'companies.id')
        .where('deals.closedAt', 'is', null)
      return openDeals ? eb.exists(open) : eb.not(eb.exists(open))
    })
  }
  const text = q?.trim()
  if (text) {
    const pattern = containsPattern(text)
    query = query.where(
      sql<boolean>`(${lowerFor(sql.ref('name'), text)} like ${pattern} escape '\\' or domain like ${pattern} escape '\\')`,
    )
  }
  return query
}

export async function countCompanies(db: Db, tenantId: string, filters: Filters) {
  const { total } = await matching(db, tenantId, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return total
}

export function searchCompanies(
  db: Db,
  tenantId: string,
  search: CompanySearch,
  limit: number,
  offset: number,
) {
  const query = matching(db, tenantId, search).selectAll()
  const ordered =
    search.sort === 'name'
      ? query.orderBy(sql`outpost_fold(name)`).orderBy('id')
      : query.orderBy('createdAt', 'desc').orderBy('id', 'desc')
  return ordered.limit(limit).offset(offset).execute()
}

/** How many people work at each of these companies. */
export async function countPeopleAt(db: Db, companyIds: string[]) {
  if (companyIds.length === 0) return new Map<string, number>()
  const rows = await db
    .selectFrom('people')
    .select(['companyId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('companyId', 'in', companyIds)
    .groupBy('companyId')
    .execute()
  return new Map(rows.map((row) => [row.companyId!, row.count]))
}
