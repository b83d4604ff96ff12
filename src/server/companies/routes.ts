import type { AppDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import { companyPageSchema, companySchema, createCompanyBody, updateCompanyBody } from './schema'
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from './service'

/** /api/app/v1/companies */
export const companiesRoutes = (deps: AppDeps) =>
  crudRoutes(deps, {
    tag: 'Companies',
    noun: 'company',
    basePath: '/api/app/v1/companies',
    item: companySchema,
    page: companyPageSchema,
    createBody: createCompanyBody,
    updateBody: updateCompanyBody,
    createErrors: [409],
    updateErrors: [409],
    deleteErrors: [],
    deleteSummary: 'Delete a company; its people and deals stay, unlinked',
    authErrors: [403],
    service: {
      list: listCompanies,
      get: getCompany,
      create: createCompany,
      update: updateCompany,
      remove: deleteCompany,
    },
  })
