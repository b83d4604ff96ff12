import type { AppDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import { createDealBody, dealPageSchema, dealSchema, updateDealBody } from './schema'
import { createDeal, deleteDeal, getDeal, listDeals, updateDeal } from './service'

/** /api/v1/deals: the spec's Deals endpoints. */
export const dealsRoutes = (deps: AppDeps) =>
  crudRoutes(deps, {
    tag: 'Deals',
    noun: 'deal',
    basePath: '/api/v1/deals',
    item: dealSchema,
    page: dealPageSchema,
    cursor: true,
    createBody: createDealBody,
    updateBody: updateDealBody,
    createErrors: [422],
    updateErrors: [422],
    deleteErrors: [],
    deleteSummary: 'Delete a deal',
    authErrors: [],
    service: {
      list: listDeals,
      get: getDeal,
      create: createDeal,
      update: updateDeal,
      remove: deleteDeal,
    },
  })
