import type { AppDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import { createRouter } from '../http/validation'
import { peopleBulkRoutes } from './bulk-routes'
import { customFieldsRoutes } from '../custom-fields/routes'
import { createPersonBody, personPageSchema, personSchema, updatePersonBody } from './schema'
import { peopleSearchRoutes } from './search-routes'
import {
  createPerson,
  deletePerson,
  getPerson,
  listPeople,
  personCustomFields,
  updatePerson,
} from './service'

/** /api/v1/people: the spec's People endpoints. */
export const peopleRoutes = (deps: AppDeps) =>
  crudRoutes(deps, {
    tag: 'People',
    noun: 'person',
    basePath: '/api/v1/people',
    item: personSchema,
    page: personPageSchema,
    cursor: true,
    createBody: createPersonBody,
    updateBody: updatePersonBody,
    createErrors: [409, 422],
    updateErrors: [409, 422],
    deleteErrors: [],
    deleteSummary: 'Delete a person; their deals stay, with primaryPersonId cleared',
    authErrors: [],
    service: {
      list: listPeople,
      get: getPerson,
      create: createPerson,
      update: updatePerson,
      remove: deletePerson,
    },
  })

/** /api/app/v1/people: search and filters, and custom fields, for the web app. */
export const peopleManagementRoutes = (deps: AppDeps) =>
  createRouter()
    .route('/', peopleSearchRoutes(deps))
    .route(
      '/',
      customFieldsRoutes(deps, {
        tag: 'People (UI)',
        noun: 'person',
        schema: personSchema,
        owner: personCustomFields,
      }),
    )
    .route('/', peopleBulkRoutes(deps))
