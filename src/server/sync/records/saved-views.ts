import type { z } from '@hono/zod-openapi'
import { timestamp } from '../../http/schema-types'
import { createSavedViewBody, type CreateSavedViewInput } from '../../saved-views/schema'
import {
  createSavedView,
  deleteSavedView,
  findSavedView,
  findSavedViewIdByName,
  listSavedViewsAfter,
  releaseViewName,
  updateSavedView,
} from '../../saved-views/service'
import type { Fields, RecordService } from './record-service'

const savedViewFieldsSchema = createSavedViewBody
  .extend({ createdAt: timestamp })
  .partial()
  .strict()

/**
 * A saved view of the deals or people list: its name is unique within its list, so two laptops
 * saving one name offline end with one view (rule 4), the one saved first, its filters those
 * written last.
 */
export const savedViews: RecordService = {
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
