// Lookups of companies: what other areas may ask of this one without importing its service, so services
// depend downward only (see docs/architecture.md, Dependency rules).
import type { Db } from '../db/connection'
import { unknownReference } from '../http/errors'
import * as companies from './repository'

/** 422 naming `field` unless `id` is a company of this workspace. */
export async function requireCompany(db: Db, tenantId: string, id: string, field: string) {
  if (!(await companies.findCompanyById(db, tenantId, id))) throw unknownReference(field, 'company')
}
