import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env'
import type { Permission } from '../../shared/permissions'
import { requirePermission } from './forbidden'
import { managementPermission, restPermission } from './route-permissions'

/**
 * The one check of roles: after authentication, refuses with 403 naming the permission a request
 * lacks. Mounted once on each API; `permissionOf` reads route-permissions.ts.
 */
const authorize =
  (permissionOf: (method: string, path: string) => Permission): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    requirePermission(c.get('auth'), permissionOf(c.req.method, c.req.path))
    await next()
  }

/** /api/v1: reading needs records.read, anything else records.write. */
export const authorizeRest = authorize((method) => restPermission(method))

/**
 * /api/sync/v1: a replica needs records.read to sync at all; each pushed mutation is checked for
 * records.write on its own (sync/push.ts), so a forged one is refused and still settles.
 */
export const authorizeSync = authorize(() => 'records.read')

const managementBase = '/api/app/v1'

/** /api/app/v1: each area's permission (route-permissions.ts). */
export const authorizeManagement = authorize((method, path) =>
  managementPermission(
    method,
    path.startsWith(managementBase) ? path.slice(managementBase.length) : path,
  ),
)
