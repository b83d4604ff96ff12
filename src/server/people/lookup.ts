// Lookups of people: what other areas may ask of this one without importing its service, so services
// depend downward only (see docs/architecture.md, Dependency rules).
import type { Db } from '../db/connection'
import { unknownReference } from '../http/errors'
import * as people from './repository'

/** 422 naming `field` unless `id` is a person of this workspace. */
export async function requirePerson(db: Db, tenantId: string, id: string, field: string) {
  if (!(await people.findPersonById(db, tenantId, id))) throw unknownReference(field, 'person')
}
