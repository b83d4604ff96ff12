// Who may do what (issue 16): the one table of each role's permissions. The server checks it in one
// middleware per API (src/server/access/), the UI reads it to hide what a role cannot use.

export const permissions = [
  /** Read the workspace's records and settings. */
  'records.read',
  /** Create, change and delete people, deals, companies, activities, notes, saved views; import. */
  'records.write',
  /** Pipelines and their stages. */
  'pipelines.manage',
  /** The workspace's users and its members (accounts and their roles). */
  'users.manage',
  /** Grant or take the owner role. */
  'owners.manage',
  'tokens.manage',
  /** Inbound webhooks, outbound subscriptions and their alerts. */
  'webhooks.manage',
  /** The workspace's settings: name, rate limit, lost reasons, activity types, currencies. */
  'workspace.manage',
  /** Read the audit log. */
  'audit.read',
  /** What belongs to the whole machine, not one workspace: backups and restores, the tunnel. */
  'server.manage',
] as const

export type Permission = (typeof permissions)[number]

export const roles = ['owner', 'admin', 'member', 'read-only'] as const
export type Role = (typeof roles)[number]

const manageAll = permissions.filter((permission) => permission !== 'server.manage')

/** Each role's permissions. Owners and admins differ only in making owners. */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  owner: manageAll,
  admin: manageAll.filter((permission) => permission !== 'owners.manage'),
  member: ['records.read', 'records.write'],
  'read-only': ['records.read'],
}

/**
 * The machine's owner (the desktop window, a login link minted without `--user`, tokens made by
 * the CLI): everything, the machine-wide settings too.
 */
export const ownerOfMachine: readonly Permission[] = permissions

export const can = (granted: readonly Permission[], permission: Permission): boolean =>
  granted.includes(permission)
