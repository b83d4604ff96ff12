import type { Permission } from '../../shared/permissions'
import type { AuthContext } from '../app-env'
import { ApiError } from '../http/errors'

/** 403 naming the permission the caller lacks. */
export const forbidden = (permission: Permission): ApiError =>
  new ApiError(
    'forbidden',
    `This needs the ${permission} permission, which this session or token does not have in this workspace`,
    { permission },
  )

/** Refuses with 403 unless the caller holds `permission`. */
export function requirePermission(
  auth: Pick<AuthContext, 'permissions'>,
  permission: Permission,
): void {
  if (!auth.permissions.includes(permission)) throw forbidden(permission)
}
