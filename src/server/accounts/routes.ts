import type { RouteDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import { createRouter } from '../http/validation'
import { inviteMemberBody, memberPageSchema, memberSchema, updateMemberBody } from './schema'
import { changeMemberRole, getMember, inviteMember, listMembers, removeMember } from './service'
import { signInLinkRoute } from './sign-in-link-route'

/**
 * /api/app/v1/members: the accounts that may sign in to the workspace, their roles, and (for the
 * computer's owner) their sign-in links.
 */
export const membersRoutes = (deps: RouteDeps) =>
  createRouter().route('/', memberCrudRoutes(deps)).route('/', signInLinkRoute(deps))

const memberCrudRoutes = (deps: RouteDeps) =>
  crudRoutes(deps, {
    audit: 'member',
    tag: 'Members',
    noun: 'member',
    basePath: '/api/app/v1/members',
    item: memberSchema,
    page: memberPageSchema,
    createBody: inviteMemberBody,
    updateBody: updateMemberBody,
    summaries: {
      list: 'List the accounts that may sign in to this workspace, with their roles',
      create: 'Invite an account by e-mail with a role (only owners make owners)',
      update: "Change a member's role (only owners make or unmake owners; one owner stays)",
    },
    createErrors: [409],
    updateErrors: [409],
    deleteErrors: [409],
    deleteSummary: 'Take an account out of the workspace; its sessions and tokens lose it at once',
    authErrors: [403],
    service: {
      list: listMembers,
      get: getMember,
      create: (db, tenantId, input, now, c) =>
        inviteMember(db, tenantId, input, now, c.get('auth')),
      update: (db, tenantId, id, input, now, c) =>
        changeMemberRole(db, tenantId, id, input, now, c.get('auth')),
      remove: (db, tenantId, id, _now, c) => removeMember(db, tenantId, id, c.get('auth')),
    },
  })
