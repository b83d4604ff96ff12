import { inTransaction, type Db } from '../db/connection'
import { detachDeals } from '../deals/service'
import { namedRecordService } from '../named-records/service'
import { detachPeople } from '../people/service'
import { findCompanyIdByDomain } from './lookup'
import type { Company } from './schema'

const companies = namedRecordService<Company, 'domain'>({
  table: 'companies',
  noun: 'Company',
  unique: { column: 'domain', taken: (domain) => `A company with domain ${domain} already exists` },
  // A deleted company's people and deals stay, no longer linked to it.
  async beforeDelete(trx, tenantId, id, now) {
    await detachPeople(trx, { tenantId, column: 'companyId', id }, now)
    await detachDeals(trx, { tenantId, column: 'primaryCompanyId', id }, now)
  },
})

export const {
  create: createCompany,
  get: getCompany,
  list: listCompanies,
  update: updateCompany,
  remove: deleteCompany,
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
