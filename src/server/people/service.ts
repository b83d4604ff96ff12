import { newId, type MadeElsewhere } from '../ids'
import type { Selectable } from 'kysely'
import { addedTags, normalizeTags } from '../../shared/tags'
import { requireCompany } from '../companies/lookup'
import type { CustomFieldsOwner } from '../custom-fields/patch'
import { inTransaction, type Db } from '../db/connection'
import type { PersonTable } from '../db/database'
import {
  answerOf,
  changedColumns,
  insertTags,
  replaceTags,
  withTags as withRecordTags,
} from '../db/record-tags'
import { selectRecordPage, type RecordPageRequest } from '../db/record-page'
import { RawJson } from '../http/raw-json'
import { selectTenantRowsAfter, type CreationCursor } from '../db/tenant-page'
import { detachDeals } from '../deals/service'
import {
  changesFromNothing,
  detachRecords,
  diffFields,
  recordEvents,
  type FieldChanges,
  type Reference,
  type ResourceEvent,
} from '../events/service'
import { conflict, invalidField, notFound } from '../http/errors'
import { requireUser } from '../users/lookup'
import * as people from './repository'
import type { PersonReference } from './repository'
import type { CreatePersonInput, Person, UpdatePersonInput, UpsertPersonInput } from './schema'

export type { PersonCriterion } from './repository'

// What a person answers with besides their tags, custom fields and timestamps, in this order.
// The order's key is the database's business, never part of an answer.
export const toPerson = (
  row: Omit<Selectable<PersonTable>, 'nameKey'>,
  tags: string[],
): Person => ({
  ...answerOf(row, people.personColumns, tags),
  // Stored as text; only the schema's stages are ever written.
  lifecycleStage: row.lifecycleStage as Person['lifecycleStage'],
})

// What an update may write (tags live in their own table).
const writable = [
  ...['fullName', 'primaryEmail', 'primaryPhone', 'companyId', 'ownerId', 'lifecycleStage'],
  ...['leadSource', 'customFields'],
] as const

/** Person rows with their tags, as the API answers them. */
export const withTags = (db: Db, rows: Selectable<PersonTable>[]) =>
  withRecordTags(db, 'people', rows, toPerson)

export async function findPerson(
  db: Db,
  tenantId: string,
  id: string,
): Promise<Person | undefined> {
  const row = await people.findPersonById(db, tenantId, id)
  return row ? (await withTags(db, [row]))[0] : undefined
}

export async function getPerson(db: Db, tenantId: string, id: string): Promise<Person> {
  const person = await findPerson(db, tenantId, id)
  if (!person) throw notFound('Person')
  return person
}

/** The person as GET /api/v1/people/{id} answers it: JSON text made by SQLite. */
export async function getPersonAnswer(
  db: Db,
  tenantId: string,
  id: string,
): Promise<RawJson<Person>> {
  const answer = await people.findPersonAnswer(db, tenantId, id)
  if (answer === undefined) throw notFound('Person')
  return new RawJson(answer)
}

/** How the web app's custom-fields patch reads and writes a person. */
export const personCustomFields: CustomFieldsOwner<Person> = {
  get: getPerson,
  write: people.updatePerson,
  updated: 'person.updated',
}

/** The v1 list's page of people, each answer JSON text made by SQLite (http/raw-json.ts). */
export const listPeopleAnswers = (db: Db, tenantId: string, request: RecordPageRequest) =>
  selectRecordPage(db, 'people', tenantId, request, people.personAnswerPages, (rows) =>
    rows.map((row) => new RawJson<Person>(row.answer)),
  )

async function assertEmailFree(db: Db, tenantId: string, email: string, selfId?: string) {
  const holder = await people.findPersonIdByEmail(db, tenantId, email)
  if (holder && holder.id !== selfId) {
    throw conflict(
      'primaryEmail',
      `A person with e-mail ${email} already exists in this workspace`,
      holder.id,
    )
  }
}

/** A change of `before`'s e-mail must find it free; keeping the one it holds needs no lookup. */
async function assertNewEmailFree(db: Db, tenantId: string, before: Person, email?: string | null) {
  if (email && email !== before.primaryEmail) await assertEmailFree(db, tenantId, email, before.id)
}

async function assertReferences(db: Db, tenantId: string, input: UpdatePersonInput) {
  if (input.companyId) await requireCompany(db, tenantId, input.companyId, 'companyId')
  if (input.ownerId) await requireUser(db, tenantId, input.ownerId, 'ownerId')
}

/** One person.tag_added per tag added, each carrying the change of the operation that added it. */
function tagEvents(person: Person, tags: readonly string[], change: FieldChanges): ResourceEvent[] {
  return tags.map((tag) => ({
    type: 'person.tag_added',
    resource: person,
    data: { object: person, ...change, tag },
  }))
}

/**
 * What intake (inbound webhooks, CSV import) may write beyond the v1 API: custom fields. The v1
 * routes validate bodies with strict schemas, so they can never pass these.
 */
export interface IntakeFields {
  customFields?: Record<string, unknown>
}

/** Creates a person; emits person.created and one person.tag_added per tag. */
export async function createPerson(
  db: Db,
  tenantId: string,
  input: CreatePersonInput & IntakeFields,
  now: Date,
  made?: MadeElsewhere,
): Promise<Person> {
  return inTransaction(db, async (trx) => {
    await assertReferences(trx, tenantId, input)
    if (input.primaryEmail) await assertEmailFree(trx, tenantId, input.primaryEmail)
    const timestamp = now.toISOString()
    const row = {
      id: made?.id ?? newId(),
      tenantId,
      fullName: input.fullName,
      primaryEmail: input.primaryEmail ?? null,
      primaryPhone: input.primaryPhone ?? null,
      companyId: input.companyId ?? null,
      ownerId: input.ownerId ?? null,
      lifecycleStage: input.lifecycleStage ?? null,
      leadSource: input.leadSource ?? null,
      customFields: JSON.stringify(input.customFields ?? {}),
      createdAt: made?.createdAt ?? timestamp,
      updatedAt: timestamp,
    }
    const tags = normalizeTags(input.tags ?? [])
    await people.insertPerson(trx, row)
    await insertTags(trx, 'people', tenantId, row.id, tags)
    const person = toPerson(row, tags)
    await recordEvents(trx, tenantId, now, [
      { type: 'person.created', resource: person, data: { object: person } },
      ...tagEvents(person, tags, changesFromNothing(person, ['tags'])),
    ])
    return person
  })
}

/**
 * Applies the fields sent; emits person.updated when anything changed and person.tag_added per
 * new tag. A PATCH that changes nothing writes nothing and emits nothing. Custom fields, sent by
 * sync only (the v1 body cannot hold them), replace the whole set.
 */
export async function updatePerson(
  db: Db,
  tenantId: string,
  id: string,
  input: UpdatePersonInput & IntakeFields,
  now: Date,
): Promise<Person> {
  return inTransaction(db, async (trx) => {
    const before = await getPerson(trx, tenantId, id)
    await assertReferences(trx, tenantId, input)
    await assertNewEmailFree(trx, tenantId, before, input.primaryEmail)
    const { tags, ...fields } = input
    return saveChanges(
      trx,
      tenantId,
      before,
      {
        ...before,
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        tags: tags ? normalizeTags(tags) : before.tags,
      },
      now,
    )
  })
}

/**
 * Writes `after` over `before` when they differ; emits person.updated and person.tag_added per new
 * tag. Nothing differs: nothing is written and nothing emitted.
 */
async function saveChanges(
  trx: Db,
  tenantId: string,
  before: Person,
  after: Person,
  now: Date,
): Promise<Person> {
  const { changes, previous } = diffFields(before, after, ['updatedAt'])
  if (changes.length === 0) return before
  after.updatedAt = now.toISOString()
  await people.updatePerson(trx, before.id, {
    ...changedColumns(after, changes, writable),
    updatedAt: after.updatedAt,
  })
  if (changes.includes('tags')) await replaceTags(trx, 'people', tenantId, before.id, after.tags)
  await recordEvents(trx, tenantId, now, [
    { type: 'person.updated', resource: after, data: { object: after, previous, changes } },
    ...tagEvents(after, addedTags(before.tags, after.tags), { previous, changes }),
  ])
  return after
}

/** What intake merges into a person it matched: only the fields it has values for. */
export type PersonMerge = Omit<UpdatePersonInput, 'tags'> & IntakeFields & { tags?: string[] }

/**
 * Merges incoming values into an existing person, as deduplication does: every value given
 * overwrites (null and undefined are ignored, so nothing is ever cleared), tags are added to the
 * person's set, and custom fields are merged by key. Emits what updatePerson emits.
 */
export async function mergeIntoPerson(
  db: Db,
  tenantId: string,
  id: string,
  merge: PersonMerge,
  now: Date,
): Promise<Person> {
  return inTransaction(db, async (trx) => {
    const before = await getPerson(trx, tenantId, id)
    const { tags, customFields, ...fields } = merge
    const given = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
    ) as UpdatePersonInput
    await assertReferences(trx, tenantId, given)
    await assertNewEmailFree(trx, tenantId, before, given.primaryEmail)
    return saveChanges(
      trx,
      tenantId,
      before,
      {
        ...before,
        ...given,
        tags: normalizeTags([...before.tags, ...(tags ?? [])]),
        customFields: { ...before.customFields, ...customFields },
      },
      now,
    )
  })
}

/**
 * Upsert by e-mail (Outpost extension): updates the person holding `primaryEmail` in the workspace
 * with the fields sent, as PATCH does, or creates one, as POST does, in one transaction (which
 * holds the write lock, so two upserts of one e-mail end as one person). Emits what that PATCH or
 * POST emits. Creating needs `fullName`: without it, a 400 naming it.
 */
export async function upsertPersonByEmail(
  db: Db,
  tenantId: string,
  input: UpsertPersonInput,
  now: Date,
): Promise<{ person: Person; created: boolean }> {
  return inTransaction(db, async (trx) => {
    const holder = await people.findPersonIdByEmail(trx, tenantId, input.primaryEmail)
    if (holder) {
      return { person: await updatePerson(trx, tenantId, holder.id, input, now), created: false }
    }
    const { fullName } = input
    if (fullName === undefined) {
      throw invalidField('fullName', 'fullName is required: no person has this e-mail yet')
    }
    return { person: await createPerson(trx, tenantId, { ...input, fullName }, now), created: true }
  })
}

/**
 * Clears a person's e-mail without an event: only for a merge (sync/merge-duplicates.ts) that
 * deletes the person in the same transaction, whose person.deleted is then the one change told.
 */
export async function releaseEmail(db: Db, tenantId: string, id: string): Promise<void> {
  if (await people.findPersonById(db, tenantId, id)) {
    await people.updatePerson(db, id, { primaryEmail: null })
  }
}

/** Removes the person; their deals stay, with primaryPersonId cleared. */
export async function deletePerson(db: Db, tenantId: string, id: string, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const person = await getPerson(trx, tenantId, id)
    await detachDeals(trx, { tenantId, column: 'primaryPersonId', id }, now)
    await people.deletePerson(trx, id)
    await recordEvents(trx, tenantId, now, [
      { type: 'person.deleted', resource: person, data: { object: person } },
    ])
  })
}

/** Unlinks every person pointing at a row being deleted (a company or user). */
export const detachPeople = (db: Db, where: Reference<PersonReference>, now: Date) =>
  detachRecords(db, 'people', where, now, withTags)

/** Points the people of a merged company at the company it lives on as (sync/, rule 4). */
export const movePeopleOfCompany = (
  db: Db,
  tenantId: string,
  from: string,
  to: string,
  now: Date,
) => detachRecords(db, 'people', { tenantId, column: 'companyId', id: from }, now, withTags, to)

/** The id of the person holding this (normalised) e-mail in the workspace, if any. */
export async function findPersonIdByEmail(
  db: Db,
  tenantId: string,
  email: string,
): Promise<string | undefined> {
  return (await people.findPersonIdByEmail(db, tenantId, email))?.id
}

/**
 * The oldest person whose fields all equal the given values: text fields compared without case,
 * custom fields (`customFields.<key>`) by their text. Used by deduplication.
 */
export async function findOldestPersonMatching(
  db: Db,
  tenantId: string,
  criteria: readonly people.PersonCriterion[],
): Promise<string | undefined> {
  if (criteria.length === 0) return undefined
  return (await people.findOldestPersonMatching(db, tenantId, criteria))?.id
}

/** People of the workspace in creation order, `limit` at a time after `after` (for exports). */
export async function listPeopleAfter(
  db: Db,
  tenantId: string,
  after: CreationCursor | null,
  limit: number,
): Promise<Person[]> {
  return withTags(db, await selectTenantRowsAfter(db, 'people', tenantId, after, limit))
}
