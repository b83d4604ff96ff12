import type { AppDeps } from '../app-env'
import { ApiError } from '../http/errors'
import { singletonRoutes } from '../http/singleton-routes'
import { connectReplica, replicaStatus } from './replica'
import { connectSyncBody, syncLinkSchema } from './schema'
import { hostname } from 'node:os'
import { ServerRefusal, signInToServer, SyncError } from './server-client'

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
      summary: 'Make this data folder a replica of a workspace on a team server',
      about:
        'Signs in with your account on the team server (email and password: the server makes ' +
        'this computer an API token of the workspace, within your role there), or takes one of ' +
        "its API tokens; loads the workspace's snapshot (the token kept sealed), then syncs " +
        'every second. 422 when the server cannot be reached or refuses the sign-in or the ' +
        'token, or, naming `workspaceId` with `details.workspaces`, when the account has several ' +
        'workspaces to choose from; 409 when this folder is a replica already.',
      description: 'The link, connected',
    },
    changeErrors: [409, 422],
    load: () => replicaStatus(db),
    save: async (_tenantId, { serverUrl, token, email, password, workspaceId }) => {
      try {
        const signedIn = token
          ? { token }
          : await signInToServer(serverUrl, {
              email: email!,
              password: password!,
              workspaceId,
              device: hostname(),
            })
        await connectReplica(db, { serverUrl, token: signedIn.token }, () => clock.now())
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
