import type { z } from '@hono/zod-openapi'
import { moveActivities } from '../../activities/service'
import { moveDealsOfPerson } from '../../deals/service'
import { createNote, moveNotes } from '../../notes/service'
import {
  createPerson,
  deletePerson,
  findPerson,
  findPersonIdByEmail,
  listPeopleAfter,
  releaseEmail,
  updatePerson,
} from '../../people/service'
import { personFieldsSchema } from '../people-fields'
import { mergeNote, type Fields, type RecordService } from './record-service'

/** A person: one per e-mail in a workspace (rule 4), their deals, activities and notes moving. */
export const people: RecordService = {
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
      const body = mergeNote('a person', otherName, 'e-mail')
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
