import type { z } from '@hono/zod-openapi'
import { updateActivityBody, type CreateActivityInput } from '../../activities/schema'
import {
  createActivity,
  deleteActivity,
  findActivity,
  listActivitiesAfter,
  updateActivity,
} from '../../activities/service'
import { timestamp } from '../../http/schema-types'
import type { Fields, RecordService } from './record-service'

const activityFieldsSchema = updateActivityBody
  .extend({ doneAt: timestamp.nullable(), createdAt: timestamp })
  .partial()
  .strict()

/**
 * An activity: a repeating one marked done elsewhere ends its rule there, and its next occurrence
 * comes as a record of its own, so none is made here (activities/service.ts, DoneElsewhere).
 */
export const activities: RecordService = {
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
