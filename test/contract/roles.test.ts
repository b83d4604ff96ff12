import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setPassword } from '../../src/server/accounts/service'
import { createLoginLink, createSession } from '../../src/server/sessions/service'
import { createPerson } from '../support/fixtures'
import { cookieOf, sessionCaller, signedInMember } from '../support/accounts'
import { startTestServer, type TestServer } from '../support/server'
import { openSse } from '../support/sse'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const forbiddenFor = (permission: string) => ({
  status: 403,
  body: { error: expect.objectContaining({ code: 'forbidden', details: { permission } }) },
})

async function signIn(email: string, password: string) {
  const response = await fetch(`${server.url}/api/session/password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!
  return { status: response.status, cookie }
}

describe('signing in with an account', () => {
  it('a right password opens a session; a wrong one, or an unknown e-mail, does not', async () => {
    const { member } = await signedInMember(server, 'pia@example.com', 'member')
    await setPassword(server.db, member.id, { password: 'correct horse battery' }, new Date())
    const right = await signIn('Pia@Example.com', 'correct horse battery')
    expect(right.status).toBe(201)
    expect(right.cookie).toMatch(/^outpost_session_\d+=/)
    const session = await server.as(null).request('GET', '/api/session', undefined, {
      Cookie: right.cookie,
    })
    expect(session.body.account).toMatchObject({ email: 'pia@example.com', hasPassword: true })
    expect((await signIn('pia@example.com', 'wrong horse battery')).status).toBe(401)
    expect((await signIn('nobody@example.com', 'correct horse battery')).status).toBe(401)
  })

  it('stores the password only as a salted scrypt hash', async () => {
    const rows = await server.db.selectFrom('accounts').select('passwordHash').execute()
    const hashes = rows.map((row) => row.passwordHash).filter(Boolean)
    expect(hashes[0]).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(JSON.stringify(rows)).not.toContain('correct horse')
  })

  it("an account's login link works once and signs in that account, to its workspaces only", async () => {
    const other = await server.otherWorkspace('Elsewhere')
    const { member } = await signedInMember(server, 'rui@example.com', 'read-only')
    const link = await createLoginLink(server.db, new Date(), member.id)
    const url = `${server.url}/login?token=${link.secret}`
    const first = await fetch(url, { redirect: 'manual' })
    expect(first.status).toBe(303)
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(401)

    const state = await server
      .as(null)
      .request('GET', '/api/session', undefined, { Cookie: cookie })
    expect(state.body.workspaces).toEqual([
      expect.objectContaining({
        id: server.tenantId,
        role: 'read-only',
        permissions: ['records.read'],
      }),
    ])
    const person = await createPerson(server.api, { fullName: 'Only here' })
    const mine = sessionCaller(server.url, cookie, server.tenantId)
    expect((await mine.get(`/api/v1/people/${person.id}`)).status).toBe(200)
    const elsewhere = sessionCaller(server.url, cookie, other.tenantId)
    expect((await elsewhere.get('/api/v1/people')).status).toBe(404)
    expect((await elsewhere.get(`/api/v1/people/${person.id}`)).status).toBe(404)
  })

  it("the machine owner's session still reaches every workspace as owner", async () => {
    const link = await createLoginLink(server.db, new Date())
    const first = await fetch(`${server.url}/login?token=${link.secret}`, { redirect: 'manual' })
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!
    const state = await server
      .as(null)
      .request('GET', '/api/session', undefined, { Cookie: cookie })
    expect(state.body.account).toBeNull()
    expect(state.body.workspaces.length).toBeGreaterThan(1)
    for (const workspace of state.body.workspaces) {
      expect(workspace.role).toBe('owner')
      expect(workspace.permissions).toContain('server.manage')
    }
  })
})

describe('roles', () => {
  it('a member works records but cannot manage tokens, webhooks, users or pipelines: 403 naming the permission', async () => {
    const { caller } = await signedInMember(server, 'mel@example.com', 'member')
    expect((await caller.post('/api/v1/people', { fullName: 'By a member' })).status).toBe(201)
    expect(await caller.post('/api/app/v1/tokens', { name: 'mine' })).toMatchObject(
      forbiddenFor('tokens.manage'),
    )
    expect(await caller.get('/api/app/v1/tokens')).toMatchObject(forbiddenFor('tokens.manage'))
    expect(
      await caller.post('/api/app/v1/webhook-subscriptions', { url: 'http://127.0.0.1:9/h' }),
    ).toMatchObject(forbiddenFor('webhooks.manage'))
    expect(await caller.post('/api/app/v1/users', { name: 'Someone' })).toMatchObject(
      forbiddenFor('users.manage'),
    )
    expect(await caller.post('/api/app/v1/pipelines', { name: 'Mine' })).toMatchObject(
      forbiddenFor('pipelines.manage'),
    )
    expect((await caller.get('/api/app/v1/pipelines')).status).toBe(200)
  })

  it('read-only reads and cannot write anything', async () => {
    const { caller } = await signedInMember(server, 'ro@example.com', 'read-only')
    const person = await createPerson(server.api, { fullName: 'Read me' })
    expect((await caller.get(`/api/v1/people/${person.id}`)).status).toBe(200)
    expect(await caller.post('/api/v1/people', { fullName: 'No' })).toMatchObject(
      forbiddenFor('records.write'),
    )
    expect(await caller.patch(`/api/v1/people/${person.id}`, { fullName: 'No' })).toMatchObject(
      forbiddenFor('records.write'),
    )
    expect(await caller.delete(`/api/v1/people/${person.id}`)).toMatchObject(
      forbiddenFor('records.write'),
    )
    expect(await caller.post('/api/app/v1/companies', { name: 'No' })).toMatchObject(
      forbiddenFor('records.write'),
    )
    expect(await caller.patch('/api/app/v1/workspace', { name: 'No' })).toMatchObject(
      forbiddenFor('workspace.manage'),
    )
  })

  it('a change made in a session is told as made by the user its membership acts as', async () => {
    const { caller, member } = await signedInMember(server, 'bia@example.com', 'member')
    expect(member.userId).toEqual(expect.any(String))
    const created = await caller.post('/api/v1/people', { fullName: 'Told by Bia' })
    const timeline = await server.admin.get(`/api/app/v1/people/${created.body.id}/events`)
    expect(timeline.body.data[0].actor).toEqual({ kind: 'user', id: member.userId, name: 'bia' })
  })

  it('admins invite members; only owners make owners; the last owner stays one', async () => {
    const { caller: admin } = await signedInMember(server, 'ada@example.com', 'admin')
    const invited = await admin.post('/api/app/v1/members', {
      email: 'new@example.com',
      name: 'New Person',
      role: 'member',
    })
    expect(invited.status).toBe(201)
    expect(invited.body).toMatchObject({ email: 'new@example.com', role: 'member' })
    const users = await server.admin.get('/api/app/v1/users?pageSize=100')
    expect(users.body.data.map((user: { name: string }) => user.name)).toContain('New Person')
    expect(
      await admin.post('/api/app/v1/members', { email: 'boss@example.com', role: 'owner' }),
    ).toMatchObject(forbiddenFor('owners.manage'))
    expect(
      await admin.patch(`/api/app/v1/members/${invited.body.id}`, { role: 'owner' }),
    ).toMatchObject(forbiddenFor('owners.manage'))
    expect(
      (await admin.post('/api/app/v1/members', { email: 'new@example.com', role: 'member' }))
        .status,
    ).toBe(409)

    const { member: owner, caller: ownerCaller } = await signedInMember(
      server,
      'olga@example.com',
      'owner',
    )
    const demoted = await ownerCaller.patch(`/api/app/v1/members/${owner.id}`, { role: 'admin' })
    expect(demoted.status).toBe(409)
    const made = await ownerCaller.patch(`/api/app/v1/members/${invited.body.id}`, {
      role: 'owner',
    })
    expect(made.body.role).toBe('owner')
    expect((await ownerCaller.delete(`/api/app/v1/members/${owner.id}`)).status).toBe(204)
    expect((await ownerCaller.get('/api/app/v1/members')).status).toBe(404)
  })
})

describe("a member's sign-in link", () => {
  it("is made for the computer's owner only (server.manage), works once, and is in the audit log", async () => {
    const ownerSession = await createSession(server.db, new Date())
    const owner = sessionCaller(
      server.url,
      cookieOf(server.url, ownerSession.secret),
      server.tenantId,
    )
    const { caller: admin } = await signedInMember(server, 'adm@example.com', 'admin')
    const invited = (
      await admin.post('/api/app/v1/members', { email: 'lu@example.com', role: 'member' })
    ).body
    const path = `/api/app/v1/members/${invited.id}/sign-in-link`
    // The session it opens reaches every workspace of the account: not an admin's to give.
    const refused = await admin.post(path)
    expect([refused.status, refused.body.error.details]).toEqual([
      403,
      { permission: 'server.manage' },
    ])
    const made = await owner.post(path)
    expect(made.status).toBe(201)
    expect(made.body.url).toMatch(new RegExp(`^${server.url}/login\\?token=[\\w-]{43}$`))
    const opened = await fetch(made.body.url, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!
    const state = await server
      .as(null)
      .request('GET', '/api/session', undefined, { Cookie: cookie })
    expect(state.body.account).toMatchObject({ email: 'lu@example.com' })
    expect((await fetch(made.body.url, { redirect: 'manual' })).status).toBe(401)
    expect(
      (await owner.post('/api/app/v1/members/00000000-0000-4000-8000-000000000000/sign-in-link'))
        .status,
    ).toBe(404)
    const log = await server.admin.get('/api/app/v1/audit-log')
    expect(log.body.data[0]).toMatchObject({
      action: 'create',
      targetType: 'sign-in-link',
      targetId: invited.id,
    })
    expect(JSON.stringify(log.body)).not.toContain(new URL(made.body.url).searchParams.get('token'))
  })
})

describe('a member taken out of the workspace', () => {
  it('loses it at once: requests answer 404, and an open event stream ends', async () => {
    const { caller, cookie, member } = await signedInMember(server, 'gone@example.com', 'member')
    const stream = await openSse(`${server.url}/api/v1/events/stream`, {
      Cookie: cookie,
      'X-Outpost-Workspace': server.tenantId,
    })
    expect(stream.status).toBe(200)
    expect((await server.admin.delete(`/api/app/v1/members/${member.id}`)).status).toBe(204)
    await stream.ended
    expect((await caller.get('/api/v1/people')).status).toBe(404)
    const state = await server
      .as(null)
      .request('GET', '/api/session', undefined, { Cookie: cookie })
    expect(state.body.workspaces).toEqual([])
  })
})

describe('tokens made by an account', () => {
  it("carry at most their maker's rights, narrowed at once when the maker is demoted or removed", async () => {
    const { caller: admin, member } = await signedInMember(server, 'tom@example.com', 'admin')
    const created = await admin.post('/api/app/v1/tokens', { name: "Tom's", scope: 'admin' })
    expect(created.status).toBe(201)
    expect(created.body.createdByAccountId).toBe(member.id)
    const token = server.as(created.body.token)
    expect((await token.get('/api/app/v1/tokens')).status).toBe(200)
    const child = await token.post('/api/app/v1/tokens', {
      name: 'made by a token',
      scope: 'admin',
    })
    expect(child.body.createdByAccountId).toBe(member.id)
    // Even an admin-scope token cannot do what its maker's role cannot: restore backups.
    expect(await token.get('/api/app/v1/backups')).toMatchObject(forbiddenFor('server.manage'))

    await server.admin.patch(`/api/app/v1/members/${member.id}`, { role: 'member' })
    expect(await token.get('/api/app/v1/tokens')).toMatchObject(forbiddenFor('tokens.manage'))
    expect(await server.as(child.body.token).get('/api/app/v1/tokens')).toMatchObject(
      forbiddenFor('tokens.manage'),
    )
    expect(
      await token.post('/api/app/v1/webhook-subscriptions', { url: 'http://127.0.0.1:9/h' }),
    ).toMatchObject(forbiddenFor('webhooks.manage'))
    expect((await token.post('/api/v1/people', { fullName: 'Still a member' })).status).toBe(201)

    await server.admin.delete(`/api/app/v1/members/${member.id}`)
    expect(await token.get('/api/v1/people')).toMatchObject(forbiddenFor('records.read'))
  })

  it('tokens of the CLI or the machine owner keep their scope', async () => {
    expect((await server.admin.get('/api/app/v1/tunnel')).status).toBe(200)
    expect((await server.admin.get('/api/app/v1/tokens')).status).toBe(200)
  })
})

describe('the audit log', () => {
  it('records who changed what, newest first, never a secret, for owners and admins only', async () => {
    const { caller: admin } = await signedInMember(server, 'aud@example.com', 'admin')
    const created = await admin.post('/api/app/v1/tokens', { name: 'Audited', scope: 'api' })
    await admin.patch(`/api/app/v1/tokens/${created.body.id}`, { name: 'Audited again' })
    await admin.delete(`/api/app/v1/tokens/${created.body.id}`)
    await server.admin.patch('/api/app/v1/workspace', { rateLimitPerMinute: 400 })

    const log = await admin.get('/api/app/v1/audit-log?pageSize=4')
    expect(log.status).toBe(200)
    expect(
      log.body.data.map((entry: any) => [
        entry.actor.kind,
        entry.actor.name,
        entry.action,
        entry.targetType,
      ]),
    ).toEqual([
      ['token', 'test admin', 'update', 'workspace'],
      ['account', 'aud', 'delete', 'token'],
      ['account', 'aud', 'update', 'token'],
      ['account', 'aud', 'create', 'token'],
    ])
    expect(log.body.data[3]).toMatchObject({
      targetId: created.body.id,
      changes: { name: 'Audited', scope: 'api' },
    })
    const all = await server.admin.get('/api/app/v1/audit-log?pageSize=100')
    expect(JSON.stringify(all.body)).not.toContain(created.body.token)

    const { caller: member } = await signedInMember(server, 'mem@example.com', 'member')
    expect(await member.get('/api/app/v1/audit-log')).toMatchObject(forbiddenFor('audit.read'))
  })

  it('hides a secret however deep in the change it sits: an inbound webhook’s verification', async () => {
    const created = await server.admin.post('/api/app/v1/inbound-webhooks', {
      name: 'Signed form',
      mapping: { fullName: '{{name}}' },
      verification: { kind: 'hmac-sha256', header: 'X-Sig', secret: 'first-hmac-secret-123' },
    })
    expect(created.status).toBe(201)
    await server.admin.patch(`/api/app/v1/inbound-webhooks/${created.body.id}`, {
      verification: { kind: 'hmac-sha256', header: 'X-Sig', secret: 'rotated-hmac-secret-456' },
    })
    const log = await server.admin.get('/api/app/v1/audit-log?pageSize=2')
    const text = JSON.stringify(log.body)
    expect(text).not.toContain('first-hmac-secret-123')
    expect(text).not.toContain('rotated-hmac-secret-456')
    expect(log.body.data[1].changes.verification).toEqual({
      kind: 'hmac-sha256',
      header: 'X-Sig',
      secret: '[hidden]',
    })
  })

  it('records the changes beside create, update and delete too: stages, rotations, currencies', async () => {
    const pipeline = (await server.admin.get('/api/app/v1/pipelines')).body.data[0]
    const stage = await server.admin.post(`/api/app/v1/pipelines/${pipeline.id}/stages`, {
      name: 'Audited stage',
      type: 'open',
    })
    expect(stage.status).toBe(201)
    await server.admin.delete(`/api/app/v1/pipelines/${pipeline.id}/stages/${stage.body.id}`)
    await server.admin.request('PUT', '/api/app/v1/currencies/USD')
    const log = await server.admin.get('/api/app/v1/audit-log?pageSize=3')
    expect(
      log.body.data.map((entry: any) => [entry.action, entry.targetType, entry.targetId]),
    ).toEqual([
      ['create', 'currency', 'USD'],
      ['delete', 'stage', stage.body.id],
      ['create', 'stage', stage.body.id],
    ])
  })

  it('a refused or failed change leaves no entry', async () => {
    const before = (await server.admin.get('/api/app/v1/audit-log')).body.total
    const { caller: member } = await signedInMember(server, 'nope@example.com', 'member')
    await member.post('/api/app/v1/tokens', { name: 'refused' })
    await server.admin.patch('/api/app/v1/users/00000000-0000-4000-8000-000000000000', {
      name: 'Nobody',
    })
    expect((await server.admin.get('/api/app/v1/audit-log')).body.total).toBe(before)
  })
})

describe('setting a password', () => {
  it('a signed-in account sets its own, then changes it only with the current one', async () => {
    const { cookie } = await signedInMember(server, 'setter@example.com', 'member')
    const put = (body: unknown) =>
      fetch(`${server.url}/api/session/password`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(body),
      })
    expect((await put({ password: 'a long enough one' })).status).toBe(204)
    expect((await signIn('setter@example.com', 'a long enough one')).status).toBe(201)
    const without = await put({ password: 'taken over by someone' })
    expect(without.status).toBe(422)
    expect(((await without.json()) as any).error.details.field).toBe('currentPassword')
    expect((await put({ password: 'x', currentPassword: 'a long enough one' })).status).toBe(400)
    const changed = await put({
      password: 'a newer long one',
      currentPassword: 'a long enough one',
    })
    expect(changed.status).toBe(204)
    expect((await signIn('setter@example.com', 'a newer long one')).status).toBe(201)
  })
})
