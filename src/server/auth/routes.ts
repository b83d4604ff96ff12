import { createRoute } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { pageQuery } from '../http/pagination'
import {
  errorResponses,
  idParams,
  jsonRequest,
  jsonResponse,
  noContent,
} from '../http/schema-types'
import { createRouter } from '../http/validation'
import { apiTokenPageSchema, createApiTokenBody, createdApiTokenSchema } from './schema'
import { createApiToken, listApiTokens, revokeApiToken } from './service'

const tags = ['API tokens']

/** /api/app/v1/tokens: issue, list and revoke the workspace's API tokens. */
export function tokensRoutes({ db, clock }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'List tokens, newest first (never their secrets)',
        request: { query: pageQuery },
        responses: {
          200: jsonResponse(apiTokenPageSchema, 'One page of tokens'),
          ...errorResponses(400, 401, 403, 429),
        },
      }),
      async (c) => c.json(await listApiTokens(db, c.var.auth.tenantId, c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary: 'Create a token; the response is the only time its secret is shown',
        request: jsonRequest(createApiTokenBody),
        responses: {
          201: jsonResponse(createdApiTokenSchema, 'The token, with its secret'),
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      }),
      async (c) => {
        const created = await createApiToken(
          db,
          c.var.auth.tenantId,
          c.req.valid('json'),
          clock.now(),
        )
        return c.json(created, 201, { 'Cache-Control': 'no-store' })
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: 'Revoke a token; it stops working at once',
        request: { params: idParams },
        responses: { 204: noContent, ...errorResponses(401, 403, 404, 429) },
      }),
      async (c) => {
        await revokeApiToken(db, c.var.auth.tenantId, c.req.valid('param').id, clock.now())
        return c.body(null, 204)
      },
    )
}
