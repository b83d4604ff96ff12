import type { RouteDeps } from '../app-env'
import { bulkWriteRoute } from '../http/bulk-write'
import { crudRoutes } from '../http/crud-routes'
import { createRouter } from '../http/validation'
import { peopleBulkRoutes } from './bulk-routes'
import { customFieldsRoutes } from '../custom-fields/routes'
import { createPersonBody, personPageSchema, personSchema, updatePersonBody } from './schema'
import { peopleListQuery } from './list-schema'
import { peopleSearchRoutes } from './search-routes'
import { peopleUpsertRoutes } from './upsert-routes'
import { listPeopleForApi } from './search-service'
import {
  createPerson,
  deletePerson,
  getPersonAnswer,
  personCustomFields,
  updatePerson,
} from './service'

/** /api/v1/people: the spec's People endpoints, and Outpost's upsert by e-mail and bulk writes. */
export const peopleRoutes = (deps: RouteDeps) =>
  createRouter()
    .route('/', peopleUpsertRoutes(deps))
    .route(
      '/',
      bulkWriteRoute(deps, {
        tag: 'People',
        noun: 'person',
        plural: 'people',
        operationId: 'bulkWritePeople',
        item: personSchema,
        createBody: createPersonBody,
        updateBody: updatePersonBody,
        names: {
          create: 'CreatePerson',
          update: 'UpdatePerson',
          request: 'BulkWritePeople',
          result: 'PersonWriteResult',
          answer: 'BulkWritePeopleResults',
        },
        create: createPerson,
        update: updatePerson,
      }),
    )
    .route('/', peopleCrudRoutes(deps))

const peopleCrudRoutes = (deps: RouteDeps) =>
  crudRoutes(deps, {
    tag: 'People',
    noun: 'person',
    basePath: '/api/v1/people',
    item: personSchema,
    page: personPageSchema,
    cursor: true,
    listQuery: peopleListQuery,
    listDescription:
      'The contract takes `page` and `pageSize`. Outpost extensions, not part of the v1 contract ' +
      "(optional; absent, the list is exactly the contract's): the `after` cursor, the filters " +
      '`email`, `q`, `tag`, `ownerId`, `updatedSince` (all must match), and `sort`. Under a filter `total` counts the matches.',
    createBody: createPersonBody,
    updateBody: updatePersonBody,
    createErrors: [409, 422],
    updateErrors: [409, 422],
    deleteErrors: [],
    deleteSummary: 'Delete a person; their deals stay, with primaryPersonId cleared',
    authErrors: [],
    service: {
      list: listPeopleForApi,
      get: getPersonAnswer,
      // Not createPerson itself: the router passes the request's context where sync passes a made
      // elsewhere identity.
      create: (db, tenantId, input, now) => createPerson(db, tenantId, input, now),
      update: updatePerson,
      remove: deletePerson,
    },
  })

/** /api/app/v1/people: search and filters, and custom fields, for the web app. */
export const peopleManagementRoutes = (deps: RouteDeps) =>
  createRouter()
    .route('/', peopleSearchRoutes())
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
