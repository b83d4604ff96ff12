import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { caller, startTestServer, type TestServer } from '../support/server'

const clock = createTestClock()
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ clock })
})
afterAll(() => server.close())

async function newToken(scope: 'api' | 'admin' = 'api') {
  const { body } = await server.admin.post('/api/app/v1/tokens', { name: 'limited', scope })
  return caller(server.url, body.token)
}

describe('rate limit', () => {
  it('300 requests per minute per token by default; the 301st is a 429 with Retry-After', async () => {
    const client = await newToken()
    for (let i = 0; i < 300; i++) {
      const { status } = await client.get('/api/v1/people?pageSize=1')
      expect(status).toBe(200)
    }
    const { status, body, headers } = await client.get('/api/v1/people')
    expect(status).toBe(429)
    expect(body.error.code).toBe('rate_limited')
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/)
    // Other tokens have their own budget.
    expect((await server.api.get('/api/v1/people')).status).toBe(200)
  })

  it('the window resets after a minute', async () => {
    const client = await newToken()
    for (let i = 0; i < 300; i++) await client.get('/api/v1/deals')
    expect((await client.get('/api/v1/deals')).status).toBe(429)
    clock.advance(60_000)
    const { status, headers } = await client.get('/api/v1/deals')
    expect(status).toBe(200)
    expect(headers.get('ratelimit')).toBe('"default";r=299;t=60')
  })

  it('every response carries the IETF RateLimit-Policy and RateLimit headers', async () => {
    const client = await newToken('admin')
    const responses = [
      await client.get('/api/v1/people'),
      await client.get('/api/v1/people/00000000-0000-4000-8000-000000000000'),
      await client.post('/api/v1/people', {}),
      await client.get('/api/app/v1/pipelines'),
      await server.as(null).get('/api/v1/people'),
    ]
    for (const { status, headers } of responses) {
      expect(headers.get('ratelimit-policy'), String(status)).toBe('"default";q=300;w=60')
      expect(headers.get('ratelimit'), String(status)).toMatch(/^"default";r=\d+;t=\d+$/)
    }
    expect(responses[0]!.headers.get('ratelimit')).toBe('"default";r=299;t=60')
    expect(responses[1]!.headers.get('ratelimit')).toBe('"default";r=298;t=60')
  })

  it('each list call counts once, whatever its page size', async () => {
    const client = await newToken()
    const small = await client.get('/api/v1/people?pageSize=1')
    const large = await client.get('/api/v1/people?pageSize=100')
    expect(small.headers.get('ratelimit')).toMatch(/r=299;/)
    expect(large.headers.get('ratelimit')).toMatch(/r=298;/)
  })

  it('a workspace setting changes the limit', async () => {
    const { status, body } = await server.admin.patch('/api/app/v1/workspace', {
      rateLimitPerMinute: 5,
    })
    expect(status).toBe(200)
    expect(body.rateLimitPerMinute).toBe(5)
    const client = await newToken()
    for (let i = 0; i < 5; i++) expect((await client.get('/api/v1/people')).status).toBe(200)
    const limited = await client.get('/api/v1/people')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('ratelimit-policy')).toBe('"default";q=5;w=60')
    await server.admin.patch('/api/app/v1/workspace', { rateLimitPerMinute: 300 })
  })

  it("a token's own limit overrides its workspace's, and null gives it back", async () => {
    const created = await server.admin.post('/api/app/v1/tokens', {
      name: 'nightly sync',
      rateLimitPerMinute: 3,
    })
    expect(created.status).toBe(201)
    expect(created.body.rateLimitPerMinute).toBe(3)
    const client = caller(server.url, created.body.token)
    for (let i = 0; i < 3; i++) expect((await client.get('/api/v1/people')).status).toBe(200)
    const limited = await client.get('/api/v1/people')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('ratelimit-policy')).toBe('"default";q=3;w=60')
    // Raised at once, without waiting for the window.
    const raised = await server.admin.patch(`/api/app/v1/tokens/${created.body.id}`, {
      rateLimitPerMinute: 1000,
    })
    expect(raised.status).toBe(200)
    expect(raised.body).toMatchObject({ name: 'nightly sync', rateLimitPerMinute: 1000 })
    expect((await client.get('/api/v1/people')).headers.get('ratelimit-policy')).toBe(
      '"default";q=1000;w=60',
    )
    const shared = await server.admin.patch(`/api/app/v1/tokens/${created.body.id}`, {
      rateLimitPerMinute: null,
    })
    expect(shared.body.rateLimitPerMinute).toBeNull()
    expect((await client.get('/api/v1/people')).headers.get('ratelimit-policy')).toBe(
      '"default";q=300;w=60',
    )
    const list = await server.admin.get('/api/app/v1/tokens')
    expect(
      list.body.data.find((token: { id: string }) => token.id === created.body.id),
    ).toMatchObject({ rateLimitPerMinute: null })
    const bad = await server.admin.patch(`/api/app/v1/tokens/${created.body.id}`, {
      rateLimitPerMinute: 0,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('rateLimitPerMinute')
  })
})
