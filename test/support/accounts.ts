import { inviteMember } from '../../src/server/accounts/service'
import { createSession } from '../../src/server/sessions/service'
import { ownerOfMachine, type Role } from '../../src/shared/permissions'
import { caller, type Caller, type TestServer } from './server'

/** A caller signed in with a session cookie, acting on one workspace. */
export function sessionCaller(url: string, cookie: string, workspaceId: string): Caller {
  const base = caller(url, null)
  const headers = { Cookie: cookie, 'X-Outpost-Workspace': workspaceId }
  const request: Caller['request'] = (method, path, body, extra = {}) =>
    base.request(method, path, body, { ...headers, ...extra })
  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body ?? {}),
    patch: (path, body) => request('PATCH', path, body ?? {}),
    put: (path, body) => request('PUT', path, body),
    delete: (path) => request('DELETE', path),
  }
}

export const cookieOf = (url: string, secret: string) =>
  `outpost_session_${new URL(url).port}=${secret}`

/**
 * An account with `role` in the workspace (made as the CLI's `outpost member add` does) and a
 * session of it.
 */
export async function signedInMember(
  server: TestServer,
  email: string,
  role: Role,
  tenantId = server.tenantId,
) {
  const member = await inviteMember(
    server.db,
    tenantId,
    { email, role, name: email.split('@')[0] },
    new Date(),
    { permissions: ownerOfMachine },
  )
  const session = await createSession(server.db, new Date(), member.id)
  const cookie = cookieOf(server.url, session.secret)
  return { member, cookie, caller: sessionCaller(server.url, cookie, tenantId) }
}
