import type { RouteDeps } from '../app-env'
import { createRoute } from '@hono/zod-openapi'
import { crudRoutes } from '../http/crud-routes'
import { errorResponses, idParams, jsonResponse } from '../http/schema-types'
import { createRouter, validated } from '../http/validation'
import { timelineRoutes } from '../timeline/routes'
import { getCompanyTimeline } from '../timeline/service'
import {
  companyPageSchema,
  companySchema,
  companySearchPageSchema,
  companySearchQuery,
  companySummarySchema,
  createCompanyBody,
  updateCompanyBody,
  type CompanySearch,
} from './schema'
import {
  createCompany,
  deleteCompany,
  getCompany,
  getCompanySummary,
  searchCompanies,
  updateCompany,
} from './service'

/** /api/app/v1/companies: the list with search, a company's summary and timeline, and CRUD. */
export const companiesRoutes = (deps: RouteDeps) =>
  createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags: ['Companies'],
        operationId: 'listCompanies',
        summary: 'List companies, newest first or by name, searched by name or domain',
        description:
          'One page of companies, newest first or by name; `q` searches names and domains.',
        request: { query: companySearchQuery },
        responses: {
          200: jsonResponse(companySearchPageSchema, 'One page of companies'),
          ...errorResponses(400, 401, 403, 429),
        },
      }),
      async (c) => {
        const search = validated<CompanySearch>(c, 'query')
        return c.json(await searchCompanies(c.get('db'), c.get('auth').tenantId, search), 200)
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/summary',
        tags: ['Companies'],
        operationId: 'getCompanySummary',
        summary: 'A company with its people count and its open and won deals',
        description:
          'The company, how many people it has, and its open and won deals with their sums per currency.',
        request: { params: idParams },
        responses: {
          200: jsonResponse(companySummarySchema, 'The company'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      async (c) =>
        c.json(
          await getCompanySummary(c.get('db'), c.get('auth').tenantId, c.req.valid('param').id),
          200,
        ),
    )
    .route(
      '/',
      timelineRoutes(
        {
          tags: ['Companies'],
          operationId: 'getCompanyTimeline',
          summary: "A company's history: the changes of its people and deals",
          description:
            'The newest 200 events of the people and deals that belong to the company, newest ' +
            'first, each naming its record in `data.object`.',
        },
        getCompany,
        getCompanyTimeline,
      ),
    )
    .route('/', companiesCrud(deps))

const companiesCrud = (deps: RouteDeps) =>
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
      get: getCompany,
      create: createCompany,
      update: updateCompany,
      remove: deleteCompany,
    },
  })
