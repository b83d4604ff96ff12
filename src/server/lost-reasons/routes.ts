import type { RouteDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import { lostReasonBody, lostReasonPageSchema, lostReasonSchema } from './schema'
import {
  createLostReason,
  deleteLostReason,
  getLostReason,
  listLostReasons,
  updateLostReason,
} from './service'

/** /api/app/v1/lost-reasons */
export const lostReasonsRoutes = (deps: RouteDeps) =>
  crudRoutes(deps, {
    audit: 'lost-reason',
    tag: 'Lost reasons',
    noun: 'lost reason',
    basePath: '/api/app/v1/lost-reasons',
    item: lostReasonSchema,
    page: lostReasonPageSchema,
    createBody: lostReasonBody,
    updateBody: lostReasonBody,
    createErrors: [],
    updateErrors: [],
    deleteErrors: [409],
    deleteSummary: 'Delete a lost reason that no deal gives',
    authErrors: [403],
    service: {
      list: listLostReasons,
      get: getLostReason,
      create: createLostReason,
      update: updateLostReason,
      remove: deleteLostReason,
    },
  })
