// How sync reads and writes each synced table: through the record's own service, so a change from
// elsewhere gets the events, search index, counts and checks of any other write. apply.ts, pull.ts
// and replica.ts ask here instead of knowing each kind of record.
import { z } from '@hono/zod-openapi'
import type { Db } from '../db/connection'
import type { CreationCursor } from '../db/tenant-page'
import { updateDealBody } from '../deals/schema'
import {
  createDeal,
  dealCustomFields,
  deleteDeal,
  findDeal,
  listDealsAfter,
  updateDeal,
} from '../deals/service'
import { patchCustomFieldsOf } from '../custom-fields/patch'
import { customFieldsSchema, timestamp } from '../http/schema-types'
import {
  createPerson,
  deletePerson,
  findPerson,
  findPersonIdByEmail,
  listPeopleAfter,
  movePeopleOfCompany,
  releaseEmail,
  updatePerson,
} from '../people/service'
import {
  createActivity,
  deleteActivity,
  findActivity,
  listActivitiesAfter,
  moveActivities,
  updateActivity,
} from '../activities/service'
import { updateActivityBody, type CreateActivityInput } from '../activities/schema'
import { createCompanyBody } from '../companies/schema'
import { findCompanyIdByDomain } from '../companies/lookup'
import {
  deleteCompany,
  getCompany,
  makeCompany,
  releaseDomain,
  updateCompany,
} from '../companies/service'
import { selectTenantRowsAfter } from '../db/tenant-page'
import { moveDealsOfCompany, moveDealsOfPerson } from '../deals/service'
import {
  createNote,
  deleteNote,
  getNote,
  listNotesAfter,
  moveNotes,
  relinkNote,
  updateNote,
} from '../notes/service'
import { createNoteBody } from '../notes/schema'
import { ApiError } from '../http/errors'
import {
  createSavedView,
  deleteSavedView,
  findSavedView,
  findSavedViewIdByName,
  listSavedViewsAfter,
  releaseViewName,
  updateSavedView,
} from '../saved-views/service'
import { createSavedViewBody, type CreateSavedViewInput } from '../saved-views/schema'
import type { MadeElsewhere } from '../ids'
import { personFieldsSchema } from './people-fields'
import type { SyncedTable } from './synced-records'

type Fields = Record<string, unknown>

/** A record as sync sees it: at least its id and creation time, then its fields by name. */
export type SyncedRecord = Fields & { id: string; createdAt: string }

/** A field that points at another record (or, a list of ids, at several), and where they live. */
export interface Reference {
  field: string
  /** A synced table (its ids may be aliases, rule 4), or the workspace's users (settings). */
  to: SyncedTable | 'users'
}

/**
 * A field no two records of a workspace may share (a person's e-mail, a company's domain): two
 * offline laptops making one value end as one record (rule 4, merge-duplicates.ts).
 */
export interface UniqueField {
  field: string
  /** The field that names a record, for the note that tells of a merge. */
  nameField: string
  /**
   * The record holding `value` here, if any, for the change to record `id` setting `fields` (a
   * saved view's name is unique within its list: the list is one of the fields, or the record's).
   */
  holder(
    db: Db,
    tenantId: string,
    value: string,
    change: { id: string; fields: Fields },
  ): Promise<string | undefined>
  /** Frees the value without an event: what follows in the transaction says what happened. */
  release(db: Db, tenantId: string, id: string): Promise<void>
  /** Points every link to `from` at `to`, the record it now lives on as (none link to a view). */
  moveLinks?(db: Db, tenantId: string, from: string, to: string, now: Date): Promise<void>
  /** A note on the survivor telling of the merge (a view has nowhere to keep one). */
  noteMerge?(db: Db, tenantId: string, id: string, otherName: string, now: Date): Promise<void>
}

export interface RecordService {
  /** The synced fields a change may carry, each checked as the API checks it. */
  fields: z.ZodType<Fields>
  references: readonly Reference[]
  unique?: UniqueField
  /** The fields a record cannot be created without. */
  required: readonly string[]
  find(db: Db, tenantId: string, id: string): Promise<SyncedRecord | undefined>
  /** In creation order, `limit` at a time after `after` (snapshots). */
  listAfter(
    db: Db,
    tenantId: string,
    after: CreationCursor | null,
    limit: number,
  ): Promise<SyncedRecord[]>
  create(db: Db, tenantId: string, fields: Fields, now: Date, made: MadeElsewhere): Promise<unknown>
  update(db: Db, tenantId: string, id: string, fields: Fields, now: Date): Promise<unknown>
  remove(db: Db, tenantId: string, id: string, now: Date): Promise<void>
}

const merged = (what: string, otherName: string, same: string) =>
  `Merged with ${otherName ? `“${otherName}”, ` : ''}${what} with the same ${same} created ` +
  'elsewhere (on another computer, or before it synced): one now.'

const people: RecordService = {
  fields: personFieldsSchema as z.ZodType<Fields>,
  references: [
    { field: 'ownerId', to: 'users' },
    { field: 'companyId', to: 'companies' },
  ],
  unique: {
    field: 'primaryEmail',
    nameField: 'fullName',
    holder: findPersonIdByEmail,
    release: releaseEmail,
    async moveLinks(db, tenantId, from, to, now) {
      await moveDealsOfPerson(db, tenantId, from, to, now)
      await moveActivities(db, tenantId, 'personId', from, to, now)
      await moveNotes(db, tenantId, 'personId', from, to, now)
    },
    async noteMerge(db, tenantId, id, otherName, now) {
      const body = merged('a person', otherName, 'e-mail')
      await createNote(db, tenantId, { personId: id, body }, now)
    },
  },
  required: ['fullName'],
  find: findPerson,
  listAfter: listPeopleAfter,
  create: (db, tenantId, fields, now, made) =>
    createPerson(db, tenantId, fields as unknown as Parameters<typeof createPerson>[2], now, made),
  update: (db, tenantId, id, fields, now) => updatePerson(db, tenantId, id, fields, now),
  remove: deletePerson,
}

const companies: RecordService = {
  fields: createCompanyBody
    .extend({ createdAt: timestamp })
    .partial()
    .strict() as z.ZodType<Fields>,
  references: [],
  unique: {
    field: 'domain',
    nameField: 'name',
    holder: findCompanyIdByDomain,
    release: releaseDomain,
    async moveLinks(db, tenantId, from, to, now) {
      await movePeopleOfCompany(db, tenantId, from, to, now)
      await moveDealsOfCompany(db, tenantId, from, to, now)
      await moveNotes(db, tenantId, 'companyId', from, to, now)
      await moveActivities(db, tenantId, 'companyId', from, to, now)
    },
    async noteMerge(db, tenantId, id, otherName, now) {
      const body = merged('a company', otherName, 'domain')
      await createNote(db, tenantId, { companyId: id, body }, now)
    },
  },
  required: ['name'],
  find: (db, tenantId, id) => orUndefined(getCompany(db, tenantId, id)),
  listAfter: (db, tenantId, after, limit) =>
    selectTenantRowsAfter(db, 'companies', tenantId, after, limit),
  create: (db, tenantId, fields, now, made) =>
    makeCompany(db, tenantId, fields as { name: string }, now, made),
  update: (db, tenantId, id, fields, now) => updateCompany(db, tenantId, id, fields, now),
  remove: deleteCompany,
}

/**
 * A deal's synced fields. Its stage, lost reason and time of closing travel together (one move,
 * synced-records.ts).
 */
const dealFieldsSchema = updateDealBody
  .extend({
    pipelineId: z.uuid(),
    closedAt: timestamp.nullable(),
    customFields: customFieldsSchema,
    createdAt: timestamp,
  })
  .partial()
  .strict()

/** Makes a deal's custom fields `wanted`, as the web app's patch does: absent ones removed. */
async function replaceDealCustomFields(
  db: Db,
  tenantId: string,
  id: string,
  wanted: Fields,
  now: Date,
) {
  const deal = await findDeal(db, tenantId, id)
  if (!deal) return
  const gone = Object.keys(deal.customFields).filter((name) => !Object.hasOwn(wanted, name))
  const patch = { ...wanted, ...Object.fromEntries(gone.map((name) => [name, null])) }
  await patchCustomFieldsOf(db, dealCustomFields, tenantId, id, patch as never, now)
}

const deals: RecordService = {
  fields: dealFieldsSchema as z.ZodType<Fields>,
  references: [
    { field: 'primaryPersonId', to: 'people' },
    { field: 'primaryCompanyId', to: 'companies' },
    { field: 'ownerId', to: 'users' },
  ],
  required: ['title', 'value', 'currency', 'pipelineId', 'stageId'],
  find: findDeal,
  listAfter: listDealsAfter,
  async create(db, tenantId, fields, now, made) {
    const { closedAt, customFields, ...input } = fields as z.output<typeof dealFieldsSchema>
    await createDeal(db, tenantId, input as Parameters<typeof createDeal>[2], now, {
      ...made,
      closedAt,
    })
    if (customFields) await replaceDealCustomFields(db, tenantId, made.id, customFields, now)
  },
  async update(db, tenantId, id, fields, now) {
    const {
      closedAt,
      customFields,
      pipelineId: _pipelineId,
      ...input
    } = fields as z.output<typeof dealFieldsSchema>
    if (Object.keys(input).length > 0) {
      await updateDeal(
        db,
        tenantId,
        id,
        input,
        now,
        closedAt === undefined ? undefined : { closedAt },
      )
    }
    if (customFields) await replaceDealCustomFields(db, tenantId, id, customFields, now)
  },
  remove: deleteDeal,
}

/** The record a change is about, or undefined: for services that answer a missing one with 404. */
async function orUndefined<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return undefined
    throw error
  }
}

const noteFieldsSchema = createNoteBody.extend({ createdAt: timestamp }).partial().strict()

/**
 * A note belongs to the record it was written on: its text, author, pin and time change, and it
 * moves only with a merge of that record (rule 4).
 */
const notes: RecordService = {
  fields: noteFieldsSchema as z.ZodType<Fields>,
  references: [
    { field: 'personId', to: 'people' },
    { field: 'dealId', to: 'deals' },
    { field: 'companyId', to: 'companies' },
    { field: 'authorId', to: 'users' },
  ],
  required: ['body'],
  find: (db, tenantId, id) => orUndefined(getNote(db, tenantId, id)),
  listAfter: listNotesAfter,
  create: (db, tenantId, fields, now, made) =>
    createNote(db, tenantId, fields as z.output<typeof createNoteBody>, now, made),
  async update(db, tenantId, id, fields, now) {
    const { body, authorId, pinned, notedAt, personId, dealId, companyId } = fields as z.output<
      typeof noteFieldsSchema
    >
    await updateNote(db, tenantId, id, { body, authorId, pinned, notedAt }, now, true)
    const links = Object.fromEntries(
      Object.entries({ personId, dealId, companyId }).filter(([, value]) => value !== undefined),
    )
    const note = await getNote(db, tenantId, id)
    await relinkNote(db, tenantId, note, links, now)
  },
  remove: deleteNote,
}

const activityFieldsSchema = updateActivityBody
  .extend({ doneAt: timestamp.nullable(), createdAt: timestamp })
  .partial()
  .strict()

/**
 * An activity: a repeating one marked done elsewhere ends its rule there, and its next occurrence
 * comes as a record of its own, so none is made here (activities/service.ts, DoneElsewhere).
 */
const activities: RecordService = {
  fields: activityFieldsSchema as z.ZodType<Fields>,
  references: [
    { field: 'assigneeId', to: 'users' },
    { field: 'dealId', to: 'deals' },
    { field: 'companyId', to: 'companies' },
    { field: 'personIds', to: 'people' },
  ],
  required: ['type', 'subject'],
  find: findActivity,
  listAfter: listActivitiesAfter,
  async create(db, tenantId, fields, now, made) {
    const { doneAt, ...input } = fields as z.output<typeof activityFieldsSchema>
    await createActivity(db, tenantId, input as CreateActivityInput, now, { ...made, doneAt })
  },
  async update(db, tenantId, id, fields, now) {
    const { doneAt, ...input } = fields as z.output<typeof activityFieldsSchema>
    await updateActivity(db, tenantId, id, input, now, { doneAt })
  },
  remove: deleteActivity,
}

const savedViewFieldsSchema = createSavedViewBody
  .extend({ createdAt: timestamp })
  .partial()
  .strict()

/**
 * A saved view of the deals or people list: its name is unique within its list, so two laptops
 * saving one name offline end with one view (rule 4), the one saved first, its filters those
 * written last.
 */
const savedViews: RecordService = {
  fields: savedViewFieldsSchema as z.ZodType<Fields>,
  references: [],
  unique: {
    field: 'name',
    nameField: 'name',
    async holder(db, tenantId, name, change) {
      const resource =
        change.fields.resource ?? (await findSavedView(db, tenantId, change.id))?.resource
      if (resource !== 'deals' && resource !== 'people') return undefined
      return findSavedViewIdByName(db, tenantId, resource, name)
    },
    release: releaseViewName,
  },
  required: ['resource', 'name', 'query'],
  find: findSavedView,
  listAfter: listSavedViewsAfter,
  create: (db, tenantId, fields, now, made) =>
    createSavedView(db, tenantId, fields as CreateSavedViewInput, now, made),
  async update(db, tenantId, id, fields, now) {
    const { name, query } = fields as z.output<typeof savedViewFieldsSchema>
    await updateSavedView(db, tenantId, id, { name, query }, now)
  },
  remove: deleteSavedView,
}

export const recordServices: Record<SyncedTable, RecordService> = {
  companies,
  people,
  deals,
  notes,
  activities,
  savedViews,
}
