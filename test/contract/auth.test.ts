import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { revokeApiToken } from '../../src/server/auth/service'
import { openDataDir } from '../../src/server/workspace-store'
import { createPerson } from '../support/fixtures'
import { caller, startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('authentication', () => {
  it('401 with WWW-Authenticate for a missing, malformed, unknown or revoked token', async () => {
    const { body: revoked } = await server.admin.post('/api/app/v1/tokens', {
      name: 'to revoke',
      scope: 'api',
    })
    expect((await server.admin.delete(`/api/app/v1/tokens/${revoked.id}`)).status).toBe(204)
    const cases: Record<string, Record<string, string>> = {
      missing: {},
      'wrong scheme': { Authorization: `Basic ${server.apiToken}` },
      malformed: { Authorization: 'Bearer not a token' },
      unknown: { Authorization: `Bearer op_${'A'.repeat(43)}` },
      revoked: { Authorization: `Bearer ${revoked.token}` },
    }
    for (const [name, headers] of Object.entries(cases)) {
      const {
        status,
        body,
        headers: response,
      } = await server.as(null).request('GET', '/api/v1/people', undefined, headers)
      expect(status, name).toBe(401)
      expect(body.error.code, name).toBe('unauthorized')
      expect(response.get('www-authenticate'), name).toMatch(/^Bearer realm="outpost"/)
    }
  })

  it('the scheme is case-insensitive', async () => {
    const { status } = await server
      .as(null)
      .request('GET', '/api/v1/people', undefined, { Authorization: `bearer ${server.apiToken}` })
    expect(status).toBe(200)
  })

  it('tokens are random, at least 32 bytes, shown once and stored only as SHA-256 hashes', async () => {
    const { status, body, headers } = await server.admin.post('/api/app/v1/tokens', {
      name: 'script',
      scope: 'api',
    })
    expect(status).toBe(201)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body.token).toMatch(/^op_[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(body.token.slice(3), 'base64url')).toHaveLength(32)
    const rows = await server.db.selectFrom('apiTokens').selectAll().execute()
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain(body.token)
    expect(stored).not.toContain(body.token.slice(3, 20))
    const row = rows.find((candidate) => candidate.id === body.id)!
    expect(row.tokenHash).toBe(createHash('sha256').update(body.token).digest('hex'))
    const listed = await server.admin.get('/api/app/v1/tokens')
    expect(JSON.stringify(listed.body)).not.toContain(body.token)
    expect(listed.body.data.find((item: any) => item.id === body.id)).toMatchObject({
      name: 'script',
      scope: 'api',
      prefix: body.token.slice(0, 9),
      revokedAt: null,
    })
    const other = await server.admin.post('/api/app/v1/tokens', { name: 'another' })
    expect(other.body.token).not.toBe(body.token)
  })

  it('a token is bound to one workspace', async () => {
    const theirs = await server.otherWorkspace('Other team')
    const person = await createPerson(server.api)
    expect((await theirs.admin.get(`/api/v1/people/${person.id}`)).status).toBe(404)
    const { body } = await theirs.admin.get('/api/v1/people')
    expect(body.total).toBe(0)
  })

  it('revocation takes effect at once', async () => {
    const { body } = await server.admin.post('/api/app/v1/tokens', {
      name: 'short-lived',
      scope: 'api',
    })
    const client = caller(server.url, body.token)
    expect((await client.get('/api/v1/people')).status).toBe(200)
    await server.admin.delete(`/api/app/v1/tokens/${body.id}`)
    expect((await client.get('/api/v1/people')).status).toBe(401)
    const listed = await server.admin.get('/api/app/v1/tokens')
    expect(listed.body.data.find((item: any) => item.id === body.id).revokedAt).toEqual(
      expect.any(String),
    )
  })

  // The server keeps a token's lookup while the database is unchanged (auth/token-cache.ts): a
  // change made by another process (the CLI beside it) must end that at once all the same.
  it('a token revoked by another process on the database stops at its next request', async () => {
    const { body } = await server.admin.post('/api/app/v1/tokens', { name: 'cli', scope: 'api' })
    const client = caller(server.url, body.token)
    for (let i = 0; i < 3; i++) expect((await client.get('/api/v1/people')).status).toBe(200)
    const elsewhere = await openDataDir(server.dataDir, server.databaseUrl)
    try {
      await revokeApiToken(elsewhere, server.tenantId, body.id, new Date())
    } finally {
      await elsewhere.destroy()
    }
    expect((await client.get('/api/v1/people')).status).toBe(401)
  })

  it("a change to a token's rate limit applies from its next request", async () => {
    const { body } = await server.admin.post('/api/app/v1/tokens', { name: 'tuned', scope: 'api' })
    const client = caller(server.url, body.token)
    const policy = async () => (await client.get('/api/v1/people')).headers.get('ratelimit-policy')
    expect(await policy()).toBe('"default";q=300;w=60')
    expect(await policy()).toBe('"default";q=300;w=60')
    await server.admin.patch(`/api/app/v1/tokens/${body.id}`, { rateLimitPerMinute: 1000 })
    expect(await policy()).toBe('"default";q=1000;w=60')
  })

  // Writes to people leave what is kept of a token; a change to its workspace's limit ends it.
  it("a change to the workspace's rate limit applies from its tokens' next request", async () => {
    const { body } = await server.admin.post('/api/app/v1/tokens', { name: 'shared', scope: 'api' })
    const client = caller(server.url, body.token)
    const policy = async () => (await client.get('/api/v1/people')).headers.get('ratelimit-policy')
    expect(await policy()).toBe('"default";q=300;w=60')
    const made = await client.post('/api/v1/people', { fullName: 'Between Limits' })
    expect(made.status).toBe(201)
    expect(await policy()).toBe('"default";q=300;w=60')
    await server.admin.patch('/api/app/v1/workspace', { rateLimitPerMinute: 450 })
    try {
      expect(await policy()).toBe('"default";q=450;w=60')
    } finally {
      await server.admin.patch('/api/app/v1/workspace', { rateLimitPerMinute: 300 })
    }
    expect(await policy()).toBe('"default";q=300;w=60')
  })

  it('api tokens reach only /api/v1; admin tokens reach both', async () => {
    expect((await server.api.get('/api/v1/people')).status).toBe(200)
    const denied = await server.api.get('/api/app/v1/pipelines')
    expect(denied.status).toBe(403)
    expect(denied.body.error.code).toBe('forbidden')
    expect(denied.headers.get('www-authenticate')).toMatch(/insufficient_scope/)
    expect((await server.admin.get('/api/v1/people')).status).toBe(200)
    expect((await server.admin.get('/api/app/v1/pipelines')).status).toBe(200)
  })

  it('records when a token was last used', async () => {
    const { body } = await server.admin.post('/api/app/v1/tokens', { name: 'usage', scope: 'api' })
    await caller(server.url, body.token).get('/api/v1/deals')
    const listed = await server.admin.get('/api/app/v1/tokens?pageSize=100')
    expect(listed.body.data.find((item: any) => item.id === body.id).lastUsedAt).toEqual(
      expect.any(String),
    )
  })
})
