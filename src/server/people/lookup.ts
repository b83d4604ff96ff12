// Lookups of people: what other areas may ask of this one without importing its service, so services
// depend downward only (see docs/architecture.md, Dependency rules).
import type { Db } from '../db/connection'
import { unknownReference } from '../http/errors'
import * as people from './repository'

/** 422 naming `field` unless `id` is a person of this workspace. */
export async function requirePerson(db: Db, tenantId: string, id: string, field: string) {
  if (!(await people.findPersonById(db, tenantId, id))) throw unknownReference(field, 'person')
}

/** The company of a person of this workspace (null if none); 422 naming `field` if no such person. */
export async function companyOfPerson(db: Db, tenantId: string, id: string, field: string) {
  const person = await people.findPersonById(db, tenantId, id)
  if (!person) throw unknownReference(field, 'person')
  return person.companyId
}

/** The names of these people of the workspace, by id (an unknown id is left out). */
export async function namesOfPeople(db: Db, tenantId: string, ids: string[]) {
  return people.findPeopleNames(db, tenantId, ids)
}
