import { createRoute, z } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { ApiError } from '../http/errors'
import { errorResponses, noContent, uuid } from '../http/schema-types'
import { singletonRoutes } from '../http/singleton-routes'
import { connectReplica, disconnectReplica, replicaStatus } from './replica'
import { connectSyncBody, syncLinkSchema } from './schema'
import { hostname } from 'node:os'
import { signInToServer } from './server-client'
import { ChangesWaiting, ServerRefusal, SyncError } from './sync-errors'

const disconnectQuery = z.object({
  workspaceId: uuid
    .optional()
    .openapi({ description: 'Only this workspace stops syncing; without it, every one' }),
  discardWaiting: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'true loses the changes made here not yet on the team server' }),
})

const disconnectRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['Sync'],
  operationId: 'disconnectSync',
  summary: 'Stop being a replica; the workspaces stay here as this computer’s own',
  description:
    'Ends the link to the team server, for one workspace (`workspaceId`) or all: they sync no ' +
    'more, and stay as workspaces of this computer, their settings editable. 409 (with ' +
    '`details.waiting`) while changes made here have not reached the server, unless ' +
    '`discardWaiting=true`; 422 when this folder does not replicate it.',
  request: { query: disconnectQuery },
  responses: { 204: noContent, ...errorResponses(401, 403, 409, 422, 429) },
})

/**
 * /api/app/v1/sync: this data folder's link to a team server, as the desktop's Settings shows it
 * and makes it (docs/sync-protocol.md). It belongs to the machine, as the tunnel does.
 */
export function syncLinkRoutes({ clock }: RouteDeps) {
  return linkRoutes({ clock }).openapi(disconnectRoute, async (c) => {
    try {
      const { discardWaiting, workspaceId } = c.req.valid('query')
      await disconnectReplica(c.get('db'), {
        discardWaiting: discardWaiting === 'true',
        workspaceId,
      })
    } catch (error) {
      if (error instanceof ChangesWaiting) {
        throw new ApiError('conflict', error.message, {
          field: 'discardWaiting',
          waiting: error.waiting,
        })
      }
      if (error instanceof SyncError) {
        // Named, the workspace is what this folder does not replicate; unnamed, there is no link.
        const field = c.req.valid('query').workspaceId === undefined ? undefined : 'workspaceId'
        throw new ApiError('validation_error', error.message, field && { field })
      }
      throw error
    }
    return c.body(null, 204)
  })
}

function linkRoutes({ clock }: Pick<RouteDeps, 'clock'>) {
  return singletonRoutes({
    tag: 'Sync',
    item: syncLinkSchema,
    method: 'put',
    body: connectSyncBody,
    read: {
      summary: "This data folder's link to a team server, and how syncing goes",
      about:
        'Whether this Outpost is a replica of a team server, and its state: synced, syncing, ' +
        'offline (with the changes waiting) or the error to act on.',
      description: 'The link',
    },
    change: {
      summary: "Make this data folder a replica of a team server's workspaces",
      about:
        'Signs in with your account on the team server (email and password: the server makes ' +
        'this computer an API token of each of your workspaces there, or of `workspaceId`, ' +
        'within your role), or takes an API token of one workspace; loads the snapshots (the ' +
        'tokens kept sealed), then syncs every second. Again with the same server, it adds the ' +
        'workspaces not replicated yet. 422 when the server cannot be reached or refuses the ' +
        'sign-in or the token; 409 when this folder replicates another server, or each ' +
        'workspace asked for already.',
      description: 'The link, connected',
    },
    changeErrors: [409, 422],
    load: replicaStatus,
    save: async (db, _tenantId, { serverUrl, token, email, password, workspaceId }) => {
      try {
        const tokens = token
          ? [token]
          : (
              await signInToServer(serverUrl, {
                email: email!,
                password: password!,
                workspaceId,
                device: hostname(),
              })
            ).map((link) => link.token)
        await connectReplica(db, { serverUrl, tokens, madeHere: !token }, () => clock.now())
      } catch (error) {
        if (error instanceof ServerRefusal) {
          const field =
            error.status === 401
              ? token
                ? 'token'
                : 'password'
              : error.details.field === 'workspaceId'
                ? 'workspaceId'
                : 'serverUrl'
          throw new ApiError('validation_error', `The team server refused: ${error.message}`, {
            ...error.details,
            field,
          })
        }
        if (error instanceof SyncError && /already a replica/.test(error.message)) {
          throw new ApiError('conflict', error.message, { field: 'serverUrl' })
        }
        if (error instanceof SyncError) {
          throw new ApiError('validation_error', error.message, { field: 'serverUrl' })
        }
        throw error
      }
      return replicaStatus(db)
    },
  })
}
