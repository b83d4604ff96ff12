import type { z } from '@hono/zod-openapi'
import { patchCustomFieldsOf } from '../../custom-fields/patch'
import type { Db } from '../../db/connection'
import { updateDealBody } from '../../deals/schema'
import {
  createDeal,
  dealCustomFields,
  deleteDeal,
  findDeal,
  listDealsAfter,
  updateDeal,
} from '../../deals/service'
import { customFieldsSchema, timestamp, uuid } from '../../http/schema-types'
import type { Fields, RecordService } from './record-service'

/**
 * A deal's synced fields. Its stage, lost reason and time of closing travel together (one move,
 * synced-records.ts).
 */
const dealFieldsSchema = updateDealBody
  .extend({
    pipelineId: uuid,
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

export const deals: RecordService = {
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
