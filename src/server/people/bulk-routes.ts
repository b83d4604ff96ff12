import { z } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { assignAction, bulkRoute, deleteAction, tagAction } from '../http/bulk'
import { deletePerson, getPerson, updatePerson } from './service'

export const peopleBulkBody = z
  .discriminatedUnion('action', [assignAction, tagAction, deleteAction])
  .openapi('PeopleBulk', {
    description: 'One action on many people, in one transaction: all are changed or none',
  })

/** POST /bulk: assign, tag or delete many people at once (the people table's bulk actions). */
export const peopleBulkRoutes = (deps: RouteDeps) =>
  bulkRoute(deps, {
    tag: 'People (UI)',
    operationId: 'bulkUpdatePeople',
    summary: 'Assign, tag or delete many people, all or none',
    description:
      'Applies one action (assign an owner, add or remove a tag, delete) to the listed people in one transaction: all are changed, or none (the first failure is answered).',
    body: peopleBulkBody,
    async act(trx, tenantId, id, input, now) {
      switch (input.action) {
        case 'assign':
          return updatePerson(trx, tenantId, id, { ownerId: input.ownerId }, now)
        case 'tag': {
          const { tags } = await getPerson(trx, tenantId, id)
          return updatePerson(trx, tenantId, id, { tags: [...tags, input.tag] }, now)
        }
        case 'delete':
          return deletePerson(trx, tenantId, id, now)
      }
    },
  })
