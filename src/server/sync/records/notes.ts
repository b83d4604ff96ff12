import type { z } from '@hono/zod-openapi'
import { timestamp } from '../../http/schema-types'
import { createNoteBody } from '../../notes/schema'
import {
  createNote,
  deleteNote,
  findNote,
  getNote,
  listNotesAfter,
  relinkNote,
  updateNote,
} from '../../notes/service'
import type { Fields, RecordService } from './record-service'

const noteFieldsSchema = createNoteBody.extend({ createdAt: timestamp }).partial().strict()

/**
 * A note belongs to the record it was written on: its text, author, pin and time change, and it
 * moves only with a merge of that record (rule 4).
 */
export const notes: RecordService = {
  fields: noteFieldsSchema as z.ZodType<Fields>,
  references: [
    { field: 'personId', to: 'people' },
    { field: 'dealId', to: 'deals' },
    { field: 'companyId', to: 'companies' },
    { field: 'authorId', to: 'users' },
  ],
  required: ['body'],
  find: findNote,
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
