import type { RouteDeps } from '../app-env'
import { recordAudit } from '../audit/service'
import { inTransaction } from '../db/connection'
import { singletonRoutes } from '../http/singleton-routes'
import { updateWorkspaceBody, workspaceSchema } from './schema'
import { getWorkspace, updateWorkspace } from './service'

/**
 * /api/app/v1/workspace: the workspace the token belongs to. Creating and listing workspaces is
 * done on the machine itself (`outpost workspace`), since every token is bound to one workspace.
 */
export const workspaceRoutes = ({ clock }: RouteDeps) =>
  singletonRoutes({
    tag: 'Workspace',
    item: workspaceSchema,
    method: 'patch',
    body: updateWorkspaceBody,
    read: {
      summary: "The token's workspace",
      about: 'The workspace the token belongs to: its name, time zone and rate limit.',
      description: 'The workspace',
    },
    change: {
      summary: 'Rename the workspace or change its per-token rate limit',
      about: 'Changes the fields sent; the rate limit applies to every token without its own.',
      description: 'The updated workspace',
    },
    changeErrors: [409],
    load: getWorkspace,
    save: (db, tenantId, input, auth) =>
      inTransaction(db, async (trx) => {
        const updated = await updateWorkspace(trx, tenantId, input, clock.now())
        const change = {
          action: 'update',
          targetType: 'workspace',
          targetId: tenantId,
          changes: input,
        } as const
        await recordAudit(trx, auth, change, clock.now())
        return updated
      }),
  })
