import { createRoute, z } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import {
  errorResponses,
  idParams,
  jsonRequest,
  jsonResponse,
  noContent,
} from '../http/schema-types'
import { createRouter, validated } from '../http/validation'
import {
  createSavedViewBody,
  savedViewSchema,
  savedViewsQuery,
  updateSavedViewBody,
  type CreateSavedViewInput,
  type UpdateSavedViewInput,
} from './schema'
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from './service'

const tags = ['Saved views']

/** /api/app/v1/saved-views: named filters and sorts of the deals and people lists. */
export const savedViewsRoutes = ({ clock }: RouteDeps) =>
  createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        operationId: 'listSavedViews',
        summary: 'The saved views of the deals or the people list, by name',
        description: 'The saved views of one list (deals or people), by name.',
        request: { query: savedViewsQuery },
        responses: {
          200: jsonResponse(z.object({ data: z.array(savedViewSchema) }), 'The views'),
          ...errorResponses(400, 401, 403, 429),
        },
      }),
      async (c) => {
        const { resource } = validated<z.output<typeof savedViewsQuery>>(c, 'query')
        return c.json(
          { data: await listSavedViews(c.get('db'), c.get('auth').tenantId, resource) },
          200,
        )
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        operationId: 'createSavedView',
        summary: 'Save a view for the whole workspace',
        description:
          'Saves a named filter and sort of the deals or people list, shared by the whole workspace.',
        request: jsonRequest(createSavedViewBody),
        responses: {
          201: jsonResponse(savedViewSchema, 'The view'),
          ...errorResponses(400, 401, 403, 409, 413, 415, 429),
        },
      }),
      async (c) => {
        const input = validated<CreateSavedViewInput>(c, 'json')
        return c.json(
          await createSavedView(c.get('db'), c.get('auth').tenantId, input, clock.now()),
          201,
        )
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/{id}',
        tags,
        operationId: 'updateSavedView',
        summary: 'Rename a saved view or change its filters',
        description: 'Renames the view, or saves new filters and sort in it, for everyone.',
        request: { params: idParams, ...jsonRequest(updateSavedViewBody) },
        responses: {
          200: jsonResponse(savedViewSchema, 'The view'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      }),
      async (c) => {
        const input = validated<UpdateSavedViewInput>(c, 'json')
        const { id } = c.req.valid('param')
        return c.json(
          await updateSavedView(c.get('db'), c.get('auth').tenantId, id, input, clock.now()),
          200,
        )
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        operationId: 'deleteSavedView',
        summary: 'Delete a saved view',
        description: 'Deletes the saved view for everyone in the workspace.',
        request: { params: idParams },
        responses: { 204: noContent, ...errorResponses(401, 403, 404, 429) },
      }),
      async (c) => {
        await deleteSavedView(
          c.get('db'),
          c.get('auth').tenantId,
          c.req.valid('param').id,
          clock.now(),
        )
        return c.body(null, 204)
      },
    )
