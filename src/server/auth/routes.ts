import type { RouteDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import {
  apiTokenPageSchema,
  apiTokenSchema,
  createApiTokenBody,
  createdApiTokenSchema,
  updateApiTokenBody,
} from './schema'
import {
  createApiToken,
  getApiToken,
  listApiTokens,
  revokeApiToken,
  updateApiToken,
} from './service'

/** /api/app/v1/tokens: issue, list and revoke the workspace's API tokens. */
export const tokensRoutes = (deps: RouteDeps) =>
  crudRoutes(deps, {
    audit: 'token',
    tag: 'API tokens',
    noun: 'token',
    plural: 'tokens',
    operationNouns: { one: 'ApiToken', many: 'ApiTokens' },
    basePath: '/api/app/v1/tokens',
    item: apiTokenSchema,
    page: apiTokenPageSchema,
    createBody: createApiTokenBody,
    updateBody: updateApiTokenBody,
    created: { schema: createdApiTokenSchema, description: 'The token, with its secret' },
    summaries: {
      list: 'List tokens, newest first (never their secrets)',
      create: 'Create a token; the response is the only time its secret is shown',
      update: "Rename a token or set its own rate limit (null follows the workspace's)",
    },
    deleteSummary: 'Revoke a token; it stops working at once',
    authErrors: [403],
    service: {
      list: listApiTokens,
      get: getApiToken,
      // The token remembers the account that made it: it never outranks that account.
      create: (db, tenantId, input, now, c) =>
        createApiToken(db, tenantId, input, now, c.get('auth').accountId),
      update: updateApiToken,
      remove: async (db, tenantId, id, now) => {
        await revokeApiToken(db, tenantId, id, now)
      },
    },
  })
