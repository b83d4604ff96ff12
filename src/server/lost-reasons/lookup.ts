// Lookups of lost reasons: what other areas may ask of this one without importing its service, so services
// depend downward only (see docs/architecture.md, Dependency rules).
import type { Db } from '../db/connection'
import { unknownReference } from '../http/errors'
import * as lostReasons from './repository'

/** 422 naming `field` unless `id` is a lost reason of this workspace. */
export async function requireLostReason(db: Db, tenantId: string, id: string, field: string) {
  if (!(await lostReasons.findLostReasonById(db, tenantId, id))) {
    throw unknownReference(field, 'lost reason')
  }
}
