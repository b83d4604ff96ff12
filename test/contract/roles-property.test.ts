import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/server/auth/service'
import { rolePermissions, roles, type Permission, type Role } from '../../src/shared/permissions'
import { signedInMember } from '../support/accounts'
import { createDeal, createPerson, salesPipeline, unknownId } from '../support/fixtures'
import { createInboundWebhook } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

// No role exceeds its rights through any route: for each role, a session and a token made by an
// account of that role call random routes of both live OpenAPI documents (with ids of real
// records). Each answer is a 403 naming the permission exactly when the role lacks what the route
// needs, as this file reads the issue, by each route's OpenAPI tag (independently of the server's
// own table in src/server/access/route-permissions.ts).

interface Operation {
  method: string
  template: string
  tag: string
  pathParams: string[]
}

let server: TestServer
let operations: Operation[]
const ids: Record<string, string> = {}
const callers: { label: string; role: Role; headers: Record<string, string> }[] = []

const byTag: Record<string, Permission | { read: Permission; write: Permission }> = {
  'API tokens': 'tokens.manage',
  'Inbound webhooks': 'webhooks.manage',
  'Webhook subscriptions': 'webhooks.manage',
  Members: 'users.manage',
  'Sign-in links': 'server.manage',
  Users: { read: 'records.read', write: 'users.manage' },
  Pipelines: { read: 'records.read', write: 'pipelines.manage' },
  Workspace: { read: 'records.read', write: 'workspace.manage' },
  'Lost reasons': { read: 'records.read', write: 'workspace.manage' },
  Currencies: { read: 'records.read', write: 'workspace.manage' },
  'Audit log': 'audit.read',
  Tunnel: 'server.manage',
  Sync: 'server.manage',
  Backups: 'server.manage',
}

/** What the issue says a route needs. */
function needs(operation: Operation): Permission {
  const read = operation.method === 'GET'
  if (operation.template.includes('/activity-types')) {
    return read ? 'records.read' : 'workspace.manage'
  }
  const rule = byTag[operation.tag] ?? { read: 'records.read', write: 'records.write' }
  return typeof rule === 'string' ? rule : read ? rule.read : rule.write
}

async function operationsOf(base: string): Promise<Operation[]> {
  const document = (await (await fetch(`${server.url}${base}/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<string, { tags?: string[]; parameters?: { name: string; in: string }[] }>
    >
  }
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template: base + path,
      tag: operation.tags?.[0] ?? '',
      pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
    })),
  )
}

function pathOf(operation: Operation): string {
  return operation.pathParams.reduce((path, param) => {
    const resource = /\/api\/(?:app\/)?v1\/([a-z-]+)\//.exec(operation.template)?.[1] ?? ''
    const value =
      param === 'code'
        ? 'USD'
        : param === 'key'
          ? 'visit'
          : param === 'stageId'
            ? ids.stage!
            : (ids[resource] ?? unknownId)
    return path.replace(`{${param}}`, value)
  }, operation.template)
}

async function call(headers: Record<string, string>, operation: Operation) {
  const write = operation.method !== 'GET' && operation.method !== 'DELETE'
  const response = await fetch(server.url + pathOf(operation), {
    method: operation.method,
    headers: { ...headers, ...(write ? { 'Content-Type': 'application/json' } : {}) },
    body: write ? '{}' : undefined,
  })
  // Long-lived answers (the event stream) are judged by their status alone.
  if (!response.headers.get('content-type')?.includes('application/json')) {
    await response.body?.cancel()
    return { status: response.status, body: undefined }
  }
  return { status: response.status, body: (await response.json()) as any }
}

beforeAll(async () => {
  server = await startTestServer()
  await server.admin.patch('/api/app/v1/workspace', { rateLimitPerMinute: 100_000 })
  const post = async (path: string, body: unknown) => {
    const { status, body: created } = await server.admin.post(path, body)
    if (status !== 201) throw new Error(`${path}: ${status} ${JSON.stringify(created)}`)
    return created.id as string
  }
  const pipeline = await salesPipeline(server.admin)
  ids.people = (await createPerson(server.admin)).id
  ids.deals = (await createDeal(server.admin, pipeline)).id
  ids.pipelines = pipeline.id
  ids.stage = pipeline.open.id
  ids.users = await post('/api/app/v1/users', { name: 'Spare', email: 'spare@example.com' })
  ids.companies = await post('/api/app/v1/companies', { name: 'Acme' })
  ids['lost-reasons'] = await post('/api/app/v1/lost-reasons', { name: 'Too dear' })
  ids.tokens = await post('/api/app/v1/tokens', { name: 'spare', scope: 'api' })
  ids.activities = await post('/api/v1/activities', { subject: 'Call', dueDate: '2026-12-01' })
  ids.notes = await post('/api/v1/notes', { body: 'A note', personId: ids.people })
  ids.events = (await server.admin.get('/api/v1/events?limit=1')).body.data[0].id
  await post('/api/app/v1/activity-types', { key: 'visit', name: 'Visit' })
  ids['webhook-subscriptions'] = await post('/api/app/v1/webhook-subscriptions', {
    url: 'http://127.0.0.1:9/hook',
    eventTypes: ['*'],
  })
  ids['inbound-webhooks'] = (
    await createInboundWebhook(server, { mapping: { fullName: '{{name}}' } })
  ).id
  // A member the routes may change or remove: never one of the callers below.
  ids.members = await post('/api/app/v1/members', { email: 'spare@example.com', role: 'member' })

  for (const role of roles) {
    const { member, cookie } = await signedInMember(server, `${role}@example.com`, role)
    const session = { Cookie: cookie, 'X-Outpost-Workspace': server.tenantId }
    callers.push({ label: `${role} session`, role, headers: session })
    const token = await createApiToken(
      server.db,
      server.tenantId,
      { name: `${role}'s token`, scope: 'admin' },
      new Date(),
      member.id,
    )
    const bearer = { Authorization: `Bearer ${token.token}` }
    callers.push({ label: `${role}'s admin token`, role, headers: bearer })
  }
  operations = [...(await operationsOf('/api/v1')), ...(await operationsOf('/api/app/v1'))]
})
afterAll(() => server.close())

describe('roles, through every route', () => {
  it('reads the routes from the OpenAPI documents', () => {
    expect(operations.length).toBeGreaterThan(60)
  })

  it('no role exceeds its rights: a route its role lacks the permission for is a 403 naming it, any other is not a 403', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...callers),
        fc.constantFrom(...operations),
        async (who, operation) => {
          const permission = needs(operation)
          const allowed = rolePermissions[who.role].includes(permission)
          const answer = await call(who.headers, operation)
          const what = `${who.label}: ${operation.method} ${operation.template} (${permission})`
          if (allowed) {
            expect(answer.body?.error?.code, what).not.toBe('forbidden')
          } else {
            expect(answer.status, what).toBe(403)
            expect(answer.body.error, what).toMatchObject({
              code: 'forbidden',
              details: { permission },
            })
          }
        },
      ),
      { numRuns: 1500 },
    )
  }, 120_000)
})
