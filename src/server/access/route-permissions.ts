import type { Permission } from '../../shared/permissions'

type Rule = Permission | { read: Permission; write: Permission }

const records: Rule = { read: 'records.read', write: 'records.write' }

/**
 * What each area of the management API (by the first segment of its path) needs: one permission
 * for every method, or one to read and one to write. An area missing here needs
 * `workspace.manage`, so a new area is closed to members until it is listed.
 */
const managementRules: Record<string, Rule> = {
  workspace: { read: 'records.read', write: 'workspace.manage' },
  users: { read: 'records.read', write: 'users.manage' },
  members: 'users.manage',
  companies: records,
  people: records,
  deals: records,
  'my-work': records,
  'saved-views': records,
  exports: 'records.read',
  imports: 'records.write',
  pipelines: { read: 'records.read', write: 'pipelines.manage' },
  'lost-reasons': { read: 'records.read', write: 'workspace.manage' },
  'activity-types': { read: 'records.read', write: 'workspace.manage' },
  currencies: { read: 'records.read', write: 'workspace.manage' },
  tokens: 'tokens.manage',
  'inbound-webhooks': 'webhooks.manage',
  'webhook-subscriptions': 'webhooks.manage',
  'webhook-alerts': 'webhooks.manage',
  'audit-log': 'audit.read',
  tunnel: 'server.manage',
  sync: 'server.manage',
  backups: 'server.manage',
}

const signInLinkPath = /^\/members\/[^/]+\/sign-in-link$/

const isRead = (method: string) => method === 'GET' || method === 'HEAD'

const pick = (rule: Rule, method: string): Permission =>
  typeof rule === 'string' ? rule : isRead(method) ? rule.read : rule.write

/** The permission a request of the REST API (/api/v1) needs: reading or writing records. */
export const restPermission = (method: string): Permission => pick(records, method)

/**
 * The permission a request of the management API needs; `path` is what follows /api/app/v1
 * (`/tokens/123`).
 */
export function managementPermission(method: string, path: string): Permission {
  // A member's sign-in link opens every workspace of the account: the machine's, not one
  // workspace's, to give (accounts/sign-in-link-route.ts).
  if (signInLinkPath.test(path)) return 'server.manage'
  const area = path.split('/')[1] ?? ''
  return pick(managementRules[area] ?? 'workspace.manage', method)
}
