import { createRoute, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppDeps } from '../app-env'
import type { Db } from '../db/connection'
import { pageQuery, type Page, type PageRequest } from './pagination'
import { errorResponses, idParams, jsonRequest, jsonResponse, noContent } from './schema-types'
import { createRouter } from './validation'

/** The five operations of a workspace-owned resource, as its service implements them. */
export interface CrudService<T, C, U> {
  list(db: Db, tenantId: string, request: PageRequest): Promise<Page<T>>
  get(db: Db, tenantId: string, id: string): Promise<T>
  create(db: Db, tenantId: string, input: C, now: Date): Promise<T>
  update(db: Db, tenantId: string, id: string, input: U, now: Date): Promise<T>
  remove(db: Db, tenantId: string, id: string, now: Date): Promise<void>
}

export interface CrudResource<S extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  /** OpenAPI tag, plural: `People`. */
  tag: string
  /** Singular, for summaries: `person`. */
  noun: string
  /** Where a created item lives, for the Location header: `/api/v1/people`. */
  basePath: string
  item: S
  page: z.ZodType
  createBody: C
  updateBody: U
  /** Error statuses beyond those every route has (400, 401, 413, 415, 429 and 404 by id). */
  createErrors: number[]
  updateErrors: number[]
  deleteErrors: number[]
  deleteSummary: string
  /** Statuses every route of the resource can add (403 for the management API). */
  authErrors: number[]
  service: CrudService<z.output<S>, z.output<C>, z.output<U>>
}

// With the body schema a type parameter, Hono cannot see which targets were validated; the body is
// the schema's output all the same, because the route's validator ran before the handler.
function validJson<T>(c: Context): T {
  return c.req.valid('json' as never) as T
}

/**
 * The list, get, create, update and delete routes of one resource: paginated list newest first,
 * 201 with Location on create, partial update, 204 on delete.
 */
export function crudRoutes<S extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  { db, clock }: AppDeps,
  resource: CrudResource<S, C, U>,
) {
  const { tag, noun, service, authErrors } = resource
  const tags = [tag]
  const withBody = [400, 401, 413, 415, 429, ...authErrors]
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: `List ${tag.toLowerCase()}, newest first`,
        request: { query: pageQuery },
        responses: {
          200: jsonResponse(resource.page, `One page of ${tag.toLowerCase()}`),
          ...errorResponses(400, 401, 429, ...authErrors),
        },
      }),
      async (c) => c.json(await service.list(db, c.var.auth.tenantId, c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: `Get a ${noun}`,
        request: { params: idParams },
        responses: {
          200: jsonResponse(resource.item, `The ${noun}`),
          ...errorResponses(401, 404, 429, ...authErrors),
        },
      }),
      async (c) => c.json(await service.get(db, c.var.auth.tenantId, c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary: `Create a ${noun}`,
        request: jsonRequest(resource.createBody),
        responses: {
          201: jsonResponse(resource.item, `The created ${noun}`),
          ...errorResponses(...withBody, ...resource.createErrors),
        },
      }),
      async (c) => {
        const input = validJson<z.output<C>>(c)
        const created = await service.create(db, c.var.auth.tenantId, input, clock.now())
        const id = (created as { id: string }).id
        return c.json(created, 201, { Location: `${resource.basePath}/${id}` })
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/{id}',
        tags,
        summary: `Update some fields of a ${noun}`,
        request: { params: idParams, ...jsonRequest(resource.updateBody) },
        responses: {
          200: jsonResponse(resource.item, `The updated ${noun}`),
          ...errorResponses(...withBody, 404, ...resource.updateErrors),
        },
      }),
      async (c) => {
        const input = validJson<z.output<U>>(c)
        return c.json(
          await service.update(db, c.var.auth.tenantId, c.req.param('id'), input, clock.now()),
          200,
        )
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        summary: resource.deleteSummary,
        request: { params: idParams },
        responses: {
          204: noContent,
          ...errorResponses(401, 404, 429, ...authErrors, ...resource.deleteErrors),
        },
      }),
      async (c) => {
        await service.remove(db, c.var.auth.tenantId, c.req.valid('param').id, clock.now())
        return c.body(null, 204)
      },
    )
}
