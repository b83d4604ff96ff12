import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import { inTransaction, type Db } from '../db/connection'
import type { CompanyTable } from '../db/database'
import { selectTenantPage } from '../db/tenant-page'
import { detachDeals } from '../deals/service'
import { conflict, notFound } from '../http/errors'
import type { PageRequest } from '../http/pagination'
import { detachPeople } from '../people/service'
import * as companies from './repository'
import type { Company, CreateCompanyInput, UpdateCompanyInput } from './schema'

export const toCompany = (row: Selectable<CompanyTable>): Company => ({ ...row })

async function assertDomainFree(db: Db, tenantId: string, domain: string, selfId?: string) {
  const holder = await companies.findCompanyByDomain(db, tenantId, domain)
  if (holder && holder.id !== selfId) {
    throw conflict('domain', `A company with domain ${domain} already exists`, holder.id)
  }
}

export async function createCompany(
  db: Db,
  tenantId: string,
  input: CreateCompanyInput,
  now: Date,
): Promise<Company> {
  return inTransaction(db, async (trx) => {
    if (input.domain) await assertDomainFree(trx, tenantId, input.domain)
    const row = {
      id: randomUUID(),
      tenantId,
      name: input.name,
      domain: input.domain ?? null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    }
    await companies.insertCompany(trx, row)
    return toCompany(row)
  })
}

export async function getCompany(db: Db, tenantId: string, id: string): Promise<Company> {
  const row = await companies.findCompanyById(db, tenantId, id)
  if (!row) throw notFound('Company')
  return toCompany(row)
}

export const listCompanies = (db: Db, tenantId: string, request: PageRequest) =>
  selectTenantPage(db, 'companies', tenantId, request, (rows) => rows.map(toCompany))

export async function updateCompany(
  db: Db,
  tenantId: string,
  id: string,
  input: UpdateCompanyInput,
  now: Date,
): Promise<Company> {
  return inTransaction(db, async (trx) => {
    const before = await getCompany(trx, tenantId, id)
    if (input.domain) await assertDomainFree(trx, tenantId, input.domain, id)
    const name = input.name ?? before.name
    const domain = input.domain === undefined ? before.domain : input.domain
    if (name === before.name && domain === before.domain) return before
    const updatedAt = now.toISOString()
    await companies.updateCompany(trx, id, { name, domain, updatedAt })
    return { ...before, name, domain, updatedAt }
  })
}

/** Removes a company; its people and deals stay, no longer linked to it. */
export async function deleteCompany(
  db: Db,
  tenantId: string,
  id: string,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await getCompany(trx, tenantId, id)
    await detachPeople(trx, tenantId, 'companyId', id, now)
    await detachDeals(trx, tenantId, 'primaryCompanyId', id, now)
    await companies.deleteCompany(trx, id)
  })
}
/** The id of the workspace's company with this domain, if any. */
export async function findCompanyIdByDomain(
  db: Db,
  tenantId: string,
  domain: string,
): Promise<string | undefined> {
  return (await companies.findCompanyByDomain(db, tenantId, domain.toLowerCase()))?.id
}

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
    const existing = await companies.findCompanyByDomain(trx, tenantId, name)
    return existing
      ? getCompany(trx, tenantId, existing.id)
      : createCompany(trx, tenantId, { name, domain: name }, now)
  })
}
