// Lookups of lost reasons: what other areas may ask of this one without importing its service, so services
// depend downward only (see docs/architecture.md, Dependency rules).
import type { Db } from '../db/connection'
import { findTenantRow } from '../db/tenant-rows'
import { unknownReference } from '../http/errors'

/** 422 naming `field` unless `id` is a lost reason of this workspace. */
export async function requireLostReason(db: Db, tenantId: string, id: string, field: string) {
  if (!(await findTenantRow(db, 'lostReasons', tenantId, id))) {
    throw unknownReference(field, 'lost reason')
  }
}
