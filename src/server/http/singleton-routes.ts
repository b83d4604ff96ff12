import { createRoute, type z } from '@hono/zod-openapi'
import type { AuthContext } from '../app-env'
import type { Db } from '../db/connection'
import { pascalCase } from './crud-routes'
import { errorResponses, jsonRequest, jsonResponse } from './schema-types'
import { createRouter, validated } from './validation'

/** A resource there is one of (the workspace, the tunnel): read it, change it. */
export interface SingletonResource<S extends z.ZodType, B extends z.ZodType> {
  tag: string
  item: S
  /** PATCH changes the fields sent; PUT replaces the settings whole. */
  method: 'patch' | 'put'
  body: B
  /** Summary, operation description (`about`) and response description of each route. */
  read: { summary: string; about: string; description: string }
  change: { summary: string; about: string; description: string }
  /** Error statuses the change can add to those of any body (400, 413, 415). */
  changeErrors: number[]
  load(db: Db, tenantId: string): Promise<z.output<S>>
  /** `auth` is who asks, for the audit log. */
  save(db: Db, tenantId: string, input: z.output<B>, auth: AuthContext): Promise<z.output<S>>
}

/** GET / and PATCH (or PUT) / of a management-API singleton, admin token required (403). */
export function singletonRoutes<S extends z.ZodType, B extends z.ZodType>(
  resource: SingletonResource<S, B>,
) {
  const { tag, item, read, change } = resource
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags: [tag],
        operationId: `get${pascalCase(tag)}`,
        summary: read.summary,
        description: read.about,
        responses: {
          200: jsonResponse(item, read.description),
          ...errorResponses(401, 403, 429),
        },
      }),
      async (c) => c.json(await resource.load(c.get('db'), c.get('auth').tenantId), 200),
    )
    .openapi(
      createRoute({
        method: resource.method,
        path: '/',
        tags: [tag],
        operationId: `update${pascalCase(tag)}`,
        summary: change.summary,
        description: change.about,
        request: jsonRequest(resource.body),
        responses: {
          200: jsonResponse(item, change.description),
          ...errorResponses(400, 401, 403, 413, 415, 429, ...resource.changeErrors),
        },
      }),
      async (c) => {
        const input = validated<z.output<B>>(c, 'json')
        return c.json(
          await resource.save(c.get('db'), c.get('auth').tenantId, input, c.get('auth')),
          200,
        )
      },
    )
}
