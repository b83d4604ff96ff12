import { createRoute } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { ApiError } from '../http/errors'
import { errorResponses, jsonRequest, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { tunnelSchema, updateTunnelBody } from './schema'
import { configureTunnel, describeTunnel } from './service'

const tags = ['Tunnel']

/**
 * /api/app/v1/tunnel: the optional tunnel that exposes the inbound webhooks (and only them) to the
 * internet. It belongs to the machine, so every workspace's admins see the same one.
 */
export function tunnelRoutes({ db, clock, tunnel }: AppDeps) {
  const manager = () => {
    if (!tunnel) throw new ApiError('not_found', 'This server runs without a tunnel')
    return tunnel
  }
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'Tunnel settings and state',
        responses: {
          200: jsonResponse(tunnelSchema, 'The tunnel'),
          ...errorResponses(401, 403, 429),
        },
      }),
      async (c) => c.json(await describeTunnel(db, manager()), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/',
        tags,
        summary: 'Change the tunnel settings; enabled true brings it up, false takes it down',
        request: jsonRequest(updateTunnelBody),
        responses: {
          200: jsonResponse(tunnelSchema, 'The tunnel after the change'),
          ...errorResponses(400, 401, 403, 413, 415, 422, 429),
        },
      }),
      async (c) =>
        c.json(await configureTunnel(db, manager(), c.req.valid('json'), clock.now()), 200),
    )
}
