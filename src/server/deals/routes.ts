import type { RouteDeps } from '../app-env'
import { bulkWriteRoute } from '../http/bulk-write'
import { crudRoutes } from '../http/crud-routes'
import { createRouter } from '../http/validation'
import { createDealBody, dealPageSchema, dealSchema, updateDealBody } from './schema'
import { dealsListQuery } from './list-schema'
import { listDealsForApi } from './search-service'
import { createDeal, deleteDeal, getDeal, updateDeal } from './service'

/** /api/v1/deals: the spec's Deals endpoints, and Outpost's bulk writes. */
export const dealsRoutes = (deps: RouteDeps) =>
  createRouter()
    .route(
      '/',
      bulkWriteRoute(deps, {
        tag: 'Deals',
        noun: 'deal',
        plural: 'deals',
        operationId: 'bulkWriteDeals',
        item: dealSchema,
        createBody: createDealBody,
        updateBody: updateDealBody,
        names: {
          create: 'CreateDeal',
          update: 'UpdateDeal',
          request: 'BulkWriteDeals',
          result: 'DealWriteResult',
          answer: 'BulkWriteDealsResults',
        },
        create: createDeal,
        update: updateDeal,
      }),
    )
    .route('/', dealsCrudRoutes(deps))

const dealsCrudRoutes = (deps: RouteDeps) =>
  crudRoutes(deps, {
    tag: 'Deals',
    noun: 'deal',
    basePath: '/api/v1/deals',
    item: dealSchema,
    page: dealPageSchema,
    cursor: true,
    listQuery: dealsListQuery,
    listDescription:
      'The contract takes `page` and `pageSize`. Outpost extensions, not part of the v1 contract ' +
      "(optional; absent, the list is exactly the contract's): the `after` cursor, the filters " +
      '`q`, `tag`, `ownerId`, `pipelineId`, `stageId`, `status`, `updatedSince` (all must match), and `sort`. Under a filter `total` counts the matches.',
    createBody: createDealBody,
    updateBody: updateDealBody,
    createErrors: [422],
    updateErrors: [422],
    deleteErrors: [],
    deleteSummary: 'Delete a deal',
    authErrors: [],
    service: {
      list: listDealsForApi,
      get: getDeal,
      // Not the services themselves: the router passes the request's context where sync passes
      // what was decided elsewhere.
      create: (db, tenantId, input, now) => createDeal(db, tenantId, input, now),
      update: (db, tenantId, id, input, now) => updateDeal(db, tenantId, id, input, now),
      remove: deleteDeal,
    },
  })
