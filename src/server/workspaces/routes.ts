import { createRoute } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { errorResponses, jsonRequest, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { updateWorkspaceBody, workspaceSchema } from './schema'
import { getWorkspace, updateWorkspace } from './service'

const tags = ['Workspace']

/**
 * /api/app/v1/workspace: the workspace the token belongs to. Creating and listing workspaces is
 * done on the machine itself (`outpost workspace`), since every token is bound to one workspace.
 */
export function workspaceRoutes({ db, clock }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: "The token's workspace",
        responses: {
          200: jsonResponse(workspaceSchema, 'The workspace'),
          ...errorResponses(401, 403, 429),
        },
      }),
      async (c) => c.json(await getWorkspace(db, c.var.auth.tenantId), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/',
        tags,
        summary: 'Rename the workspace or change its per-token rate limit',
        request: jsonRequest(updateWorkspaceBody),
        responses: {
          200: jsonResponse(workspaceSchema, 'The updated workspace'),
          ...errorResponses(400, 401, 403, 409, 413, 415, 429),
        },
      }),
      async (c) =>
        c.json(
          await updateWorkspace(db, c.var.auth.tenantId, c.req.valid('json'), clock.now()),
          200,
        ),
    )
}
