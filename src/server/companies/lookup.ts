// Lookups of companies: what other areas may ask of this one without importing its service, so services
// depend downward only (see docs/architecture.md, Dependency rules).
import type { Db } from '../db/connection'
import { findTenantIdBy, findTenantRow } from '../db/tenant-rows'
import { unknownReference } from '../http/errors'

/** 422 naming `field` unless `id` is a company of this workspace. */
export async function requireCompany(db: Db, tenantId: string, id: string, field: string) {
  if (!(await findTenantRow(db, 'companies', tenantId, id)))
    throw unknownReference(field, 'company')
}

/** The id of the workspace's company with this domain, if any. */
export async function findCompanyIdByDomain(
  db: Db,
  tenantId: string,
  domain: string,
): Promise<string | undefined> {
  return (await findTenantIdBy(db, 'companies', tenantId, 'domain', domain.toLowerCase()))?.id
}
