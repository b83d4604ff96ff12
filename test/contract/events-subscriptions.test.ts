import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { unknownId } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

const clock = createTestClock()
let server: TestServer
const base = '/api/app/v1/webhook-subscriptions'

beforeAll(async () => {
  server = await startTestServer({ clock })
})
afterAll(() => server.close())

async function subscribe(fields: Record<string, unknown> = {}) {
  const { status, body } = await server.admin.post(base, {
    url: 'https://example.com/hooks',
    ...fields,
  })
  if (status !== 201) throw new Error(`not created: ${JSON.stringify(body)}`)
  return body
}

describe('webhook subscriptions: create, read, change, delete', () => {
  it('201: creates a subscription with url, event types, enabled, description and a whsec_ secret', async () => {
    const { status, body, headers } = await server.admin.post(base, {
      url: 'https://example.com/hooks/outpost',
      eventTypes: ['deal.*', 'person.created'],
      description: 'Billing sync',
    })
    expect(status).toBe(201)
    expect(headers.get('location')).toBe(`${base}/${body.id}`)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body).toMatchObject({
      url: 'https://example.com/hooks/outpost',
      eventTypes: ['deal.*', 'person.created'],
      enabled: true,
      description: 'Billing sync',
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      nextAttemptAt: null,
      previousSecretExpiresAt: null,
    })
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
  })

  it('event types default to *, and each subscription gets its own secret', async () => {
    const first = await subscribe()
    const second = await subscribe()
    expect(first.eventTypes).toEqual(['*'])
    expect(first.secret).not.toBe(second.secret)
  })

  it('the secret is shown to admins on request and never in lists or GET', async () => {
    const created = await subscribe()
    const { status, body, headers } = await server.admin.get(`${base}/${created.id}/secret`)
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body).toEqual({
      secret: created.secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
    })
    const one = await server.admin.get(`${base}/${created.id}`)
    const list = await server.admin.get(`${base}?pageSize=100`)
    expect(one.text).not.toContain(created.secret)
    expect(list.text).not.toContain(created.secret)
    expect(one.body).not.toHaveProperty('secret')
  })

  it('lists subscriptions newest first in the usual envelope', async () => {
    const { body } = await server.admin.get(`${base}?pageSize=2`)
    expect(Object.keys(body).sort()).toEqual(['data', 'hasMore', 'page', 'pageSize', 'total'])
    expect(body.data).toHaveLength(2)
    expect(body.total).toBeGreaterThanOrEqual(4)
  })

  it('PATCH changes the fields sent and leaves the others', async () => {
    const created = await subscribe({ description: 'Old', eventTypes: ['person.*'] })
    clock.advance(1000)
    const { status, body } = await server.admin.patch(`${base}/${created.id}`, {
      eventTypes: ['*'],
      description: null,
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      url: created.url,
      eventTypes: ['*'],
      description: null,
      enabled: true,
    })
    expect(body.updatedAt > created.updatedAt).toBe(true)
  })

  it('PATCH enabled: false pauses; true resumes and clears an automatic disabling', async () => {
    const created = await subscribe()
    const paused = await server.admin.patch(`${base}/${created.id}`, { enabled: false })
    expect(paused.body).toMatchObject({ enabled: false, disabledReason: null })
    expect(paused.body.disabledAt).toBe(clock.now().toISOString())
    const resumed = await server.admin.patch(`${base}/${created.id}`, { enabled: true })
    expect(resumed.body).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null })
  })

  it('DELETE removes it: 204, then 404', async () => {
    const created = await subscribe()
    expect((await server.admin.delete(`${base}/${created.id}`)).status).toBe(204)
    expect((await server.admin.get(`${base}/${created.id}`)).status).toBe(404)
    expect((await server.admin.get(`${base}/${created.id}/secret`)).status).toBe(404)
  })
})

describe('webhook subscriptions: validation', () => {
  it('400 names the field: unknown event type or wildcard, empty list', async () => {
    for (const [eventTypes, field] of [
      [['deal.wo*'], 'eventTypes[0]'],
      [['*', 'invoice.created'], 'eventTypes[1]'],
      [[], 'eventTypes'],
      ['deal.*', 'eventTypes'],
    ] as const) {
      const { status, body } = await server.admin.post(base, {
        url: 'https://example.com/h',
        eventTypes,
      })
      expect(status, JSON.stringify(eventTypes)).toBe(400)
      expect(body.error).toMatchObject({ code: 'invalid_request', details: { field } })
    }
  })

  it('400: https anywhere, plain http only to this computer, no credentials in the URL', async () => {
    for (const url of ['http://example.com/hooks', 'ftp://example.com/', 'not a url']) {
      const { status, body } = await server.admin.post(base, { url })
      expect(status, url).toBe(400)
      expect(body.error.details.field).toBe('url')
    }
    const withPassword = await server.admin.post(base, { url: 'https://u:p@example.com/' })
    expect(withPassword.body.error.message).toMatch(/password/)
    for (const url of ['http://127.0.0.1:9999/in', 'http://localhost:3000/in']) {
      expect((await server.admin.post(base, { url })).status, url).toBe(201)
    }
  })

  it('400: unknown and read-only fields', async () => {
    for (const field of ['secret', 'id', 'disabledReason']) {
      const { status, body } = await server.admin.post(base, {
        url: 'https://example.com/h',
        [field]: 'x',
      })
      expect(status, field).toBe(400)
      expect(body.error.details.field).toBe(field)
    }
  })

  it('404 for a subscription of another workspace or none at all', async () => {
    const other = await server.otherWorkspace('Subscriptions elsewhere')
    const { body: theirs } = await other.admin.post(base, { url: 'https://example.com/theirs' })
    for (const id of [theirs.id, unknownId]) {
      expect((await server.admin.get(`${base}/${id}`)).status).toBe(404)
      expect((await server.admin.get(`${base}/${id}/secret`)).status).toBe(404)
      expect((await server.admin.patch(`${base}/${id}`, { enabled: false })).status).toBe(404)
      expect((await server.admin.post(`${base}/${id}/rotate-secret`)).status).toBe(404)
      expect((await server.admin.delete(`${base}/${id}`)).status).toBe(404)
    }
    const { body } = await server.admin.get(`${base}?pageSize=100`)
    expect(body.data.some((item: any) => item.id === theirs.id)).toBe(false)
  })

  it('403 for an api-scoped token: subscriptions are managed by admins', async () => {
    const { status } = await server.api.get(base)
    expect(status).toBe(403)
  })
})

describe('webhook subscriptions: secret rotation', () => {
  it('rotating gives a new secret; the old one keeps signing for 24 hours, then is gone', async () => {
    const created = await subscribe()
    const rotated = await server.admin.post(`${base}/${created.id}/rotate-secret`)
    expect(rotated.status).toBe(200)
    expect(rotated.body.secret).toMatch(/^whsec_/)
    expect(rotated.body.secret).not.toBe(created.secret)
    expect(rotated.body.previousSecret).toBe(created.secret)
    const expires = new Date(clock.now().getTime() + 24 * 3600 * 1000).toISOString()
    expect(rotated.body.previousSecretExpiresAt).toBe(expires)
    expect((await server.admin.get(`${base}/${created.id}`)).body.previousSecretExpiresAt).toBe(
      expires,
    )

    clock.advance(24 * 3600 * 1000)
    const later = await server.admin.get(`${base}/${created.id}/secret`)
    expect(later.body).toEqual({
      secret: rotated.body.secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
    })
  })

  it('rotating twice within 24 hours keeps only the last two secrets', async () => {
    const created = await subscribe()
    const first = await server.admin.post(`${base}/${created.id}/rotate-secret`)
    const second = await server.admin.post(`${base}/${created.id}/rotate-secret`)
    expect(second.body.previousSecret).toBe(first.body.secret)
    expect(second.body.previousSecret).not.toBe(created.secret)
  })
})
