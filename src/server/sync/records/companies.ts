import type { z } from '@hono/zod-openapi'
import { moveActivities } from '../../activities/service'
import { findCompanyIdByDomain } from '../../companies/lookup'
import { createCompanyBody } from '../../companies/schema'
import {
  deleteCompany,
  findCompany,
  makeCompany,
  releaseDomain,
  updateCompany,
} from '../../companies/service'
import { selectTenantRowsAfter } from '../../db/tenant-page'
import { moveDealsOfCompany } from '../../deals/service'
import { timestamp } from '../../http/schema-types'
import { createNote, moveNotes } from '../../notes/service'
import { movePeopleOfCompany } from '../../people/service'
import { mergeNote, type Fields, type RecordService } from './record-service'

/** A company: one per domain in a workspace (rule 4); what links to it moves with a merge. */
export const companies: RecordService = {
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
      const body = mergeNote('a company', otherName, 'domain')
      await createNote(db, tenantId, { companyId: id, body }, now)
    },
  },
  required: ['name'],
  find: findCompany,
  listAfter: (db, tenantId, after, limit) =>
    selectTenantRowsAfter(db, 'companies', tenantId, after, limit),
  create: (db, tenantId, fields, now, made) =>
    makeCompany(db, tenantId, fields as { name: string }, now, made),
  update: (db, tenantId, id, fields, now) => updateCompany(db, tenantId, id, fields, now),
  remove: deleteCompany,
}
