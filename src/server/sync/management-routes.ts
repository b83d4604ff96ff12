import type { AppDeps } from '../app-env'
import { ApiError } from '../http/errors'
import { singletonRoutes } from '../http/singleton-routes'
import { connectReplica, replicaStatus } from './replica'
import { connectSyncBody, syncLinkSchema } from './schema'
import { ServerRefusal, SyncError } from './server-client'

/**
 * /api/app/v1/sync: this data folder's link to a team server, as the desktop's Settings shows it
 * and makes it (docs/sync-protocol.md). It belongs to the machine, as the tunnel does.
 */
export function syncLinkRoutes({ db, clock }: AppDeps) {
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
      summary: "Make this data folder a replica of the token's workspace on a team server",
      about:
        "Loads the workspace's snapshot from the team server (the token is one of its API " +
        'tokens, kept sealed), then syncs every second. 422 when the server cannot be reached ' +
        'or refuses the token; 409 when this folder is a replica already.',
      description: 'The link, connected',
    },
    changeErrors: [409, 422],
    load: () => replicaStatus(db),
    save: async (_tenantId, input) => {
      try {
        await connectReplica(db, input, () => clock.now())
      } catch (error) {
        if (error instanceof ServerRefusal) {
          throw new ApiError('validation_error', `The team server refused: ${error.message}`, {
            field: error.status === 401 ? 'token' : 'serverUrl',
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
