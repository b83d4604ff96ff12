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
  listPeopleAfter,
  updatePerson,
} from '../people/service'
import type { MadeElsewhere } from '../ids'
import { personFieldsSchema } from './people-fields'
import type { SyncedTable } from './synced-records'

type Fields = Record<string, unknown>

/** A record as sync sees it: at least its id and creation time, then its fields by name. */
export type SyncedRecord = Fields & { id: string; createdAt: string }

/** A field that points at another record, and where that record lives. */
export interface Reference {
  field: string
  /** A synced table (its ids may be aliases, rule 4), or the workspace's users (settings). */
  to: SyncedTable | 'users'
}

export interface RecordService {
  /** The synced fields a change may carry, each checked as the API checks it. */
  fields: z.ZodType<Fields>
  references: readonly Reference[]
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

const people: RecordService = {
  fields: personFieldsSchema as z.ZodType<Fields>,
  references: [{ field: 'ownerId', to: 'users' }],
  required: ['fullName'],
  find: findPerson,
  listAfter: listPeopleAfter,
  create: (db, tenantId, fields, now, made) =>
    createPerson(db, tenantId, fields as unknown as Parameters<typeof createPerson>[2], now, made),
  update: (db, tenantId, id, fields, now) => updatePerson(db, tenantId, id, fields, now),
  remove: deletePerson,
}

/**
 * A deal's synced fields. Its stage, lost reason and time of closing travel together (one move,
 * synced-records.ts), and its link to a company stays on each side until companies sync.
 */
const dealFieldsSchema = updateDealBody
  .omit({ primaryCompanyId: true })
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

export const recordServices: Record<SyncedTable, RecordService> = { people, deals }
