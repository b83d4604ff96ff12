// Each inbound webhook's rate limit is a setting: 300 deliveries a minute (the spec's) unless its
// admin sets another, through the management API or the UI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInboundWebhook, deliver } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const mapping = { fullName: '{{name}}' }

describe('an inbound webhook rate limit', () => {
  it('is 300 a minute unless set', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    expect(webhook.rateLimitPerMinute).toBe(300)
    const answer = await deliver(server, `${webhook.path}?dryRun=1`, { name: 'Ana' })
    expect(answer.headers.get('ratelimit-policy')).toBe('"default";q=300;w=60')
  })

  it('set at creation, answers 429 once spent, for that webhook only', async () => {
    const slow = await createInboundWebhook(server, { mapping, rateLimitPerMinute: 2 })
    const other = await createInboundWebhook(server, { mapping })
    expect(slow.rateLimitPerMinute).toBe(2)
    expect((await deliver(server, slow.path, { name: 'One' })).status).toBe(201)
    expect((await deliver(server, slow.path, { name: 'Two' })).status).toBe(201)
    const limited = await deliver(server, slow.path, { name: 'Three' })
    expect(limited.status).toBe(429)
    expect(limited.body.error.code).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('ratelimit-policy')).toBe('"default";q=2;w=60')
    expect((await deliver(server, other.path, { name: 'Elsewhere' })).status).toBe(201)
  })

  it('changed by PATCH, from the next delivery on', async () => {
    const webhook = await createInboundWebhook(server, { mapping, rateLimitPerMinute: 1 })
    expect((await deliver(server, webhook.path, { name: 'One' })).status).toBe(201)
    expect((await deliver(server, webhook.path, { name: 'Two' })).status).toBe(429)
    const patched = await server.admin.patch(`/api/app/v1/inbound-webhooks/${webhook.id}`, {
      rateLimitPerMinute: 1000,
    })
    expect(patched.status).toBe(200)
    expect(patched.body.rateLimitPerMinute).toBe(1000)
    const read = await server.admin.get(`/api/app/v1/inbound-webhooks/${webhook.id}`)
    expect(read.body.rateLimitPerMinute).toBe(1000)
    const next = await deliver(server, webhook.path, { name: 'Three' })
    expect(next.status).toBe(201)
    expect(next.headers.get('ratelimit-policy')).toBe('"default";q=1000;w=60')
  })

  it('refuses a limit that is not a whole number from 1 to 100,000, naming the field', async () => {
    for (const rateLimitPerMinute of [0, 1.5, 100_001, '60']) {
      const { status, body } = await server.admin.post('/api/app/v1/inbound-webhooks', {
        name: 'Bad limit',
        mapping,
        rateLimitPerMinute,
      })
      expect(status, String(rateLimitPerMinute)).toBe(400)
      expect(body.error.details.field).toBe('rateLimitPerMinute')
    }
  })
})
