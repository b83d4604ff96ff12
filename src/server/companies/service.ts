import { inTransaction, type Db } from '../db/connection'
import { detachDeals } from '../deals/service'
import { namedRecordService } from '../named-records/service'
import { detachPeople } from '../people/service'
import { findCompanyIdByDomain } from './lookup'
import { dealTotalsOfCompany } from '../deals/lookup'
import { paginate } from '../http/pagination'
import * as companies_ from './repository'
import type { Company, CompanySearch, CompanySummary } from './schema'

const companies = namedRecordService<Company, 'domain'>({
  table: 'companies',
  noun: 'Company',
  unique: { column: 'domain', taken: (domain) => `A company with domain ${domain} already exists` },
  events: 'company',
  // A deleted company's people and deals stay, no longer linked to it.
  async beforeDelete(trx, tenantId, id, now) {
    await detachPeople(trx, { tenantId, column: 'companyId', id }, now)
    await detachDeals(trx, { tenantId, column: 'primaryCompanyId', id }, now)
  },
})

export const {
  make: makeCompany,
  create: createCompany,
  get: getCompany,
  find: findCompany,
  list: listCompanies,
  all: allCompanies,
  update: updateCompany,
  remove: deleteCompany,
  // For sync, as releaseEmail is for a person: a merge that deletes the company in the same
  // transaction, or a replica making way for the team server's company until its own arrives.
  releaseUnique: releaseDomain,
} = companies

/**
 * The company with this domain, created (named after the domain) when the workspace has none. For
 * intake, which links a new person to the company of their e-mail domain.
 */
export async function ensureCompanyForDomain(
  db: Db,
  tenantId: string,
  domain: string,
  now: Date,
): Promise<Company> {
  const name = domain.toLowerCase()
  return inTransaction(db, async (trx) => {
    const existingId = await findCompanyIdByDomain(trx, tenantId, name)
    return existingId
      ? getCompany(trx, tenantId, existingId)
      : createCompany(trx, tenantId, { name, domain: name }, now)
  })
}

/** The company list of the UI: search by name or domain, sorted, with each one's people count. */
export const searchCompanies = (db: Db, tenantId: string, search: CompanySearch) =>
  paginate(
    search,
    () => companies_.countCompanies(db, tenantId, search),
    async (limit, offset) => {
      const rows = await companies_.searchCompanies(db, tenantId, search, limit, offset)
      const people = await companies_.countPeopleAt(
        db,
        rows.map((row) => row.id),
      )
      return rows.map((row) => ({ ...row, peopleCount: people.get(row.id) ?? 0 }))
    },
  )

/** A company's page header: its people count and its open and won deals. */
export async function getCompanySummary(
  db: Db,
  tenantId: string,
  id: string,
): Promise<CompanySummary> {
  const company = await getCompany(db, tenantId, id)
  const people = await companies_.countPeopleAt(db, [id])
  const { open, won } = await dealTotalsOfCompany(db, tenantId, id)
  return { ...company, peopleCount: people.get(id) ?? 0, openDeals: open, wonDeals: won }
}
