// A webhook that expects a signed sender refuses everyone else with a bare 401, logging why.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInboundWebhook } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
let hook: { id: string; path: string }
const secret = 'gh-secret-2026'

beforeAll(async () => {
  server = await startTestServer()
  hook = await createInboundWebhook(server, {
    mapping: { fullName: '{{name}}' },
    verification: { kind: 'github', secret },
  })
})
afterAll(() => server.close())

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(server.url + hook.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  })
const githubSignature = (body: string, key = secret) =>
  `sha256=${createHmac('sha256', key).update(body).digest('hex')}`

describe('verified senders', () => {
  it('shows the setting, never the secret', async () => {
    const { body, text } = await server.admin.get(`/api/app/v1/inbound-webhooks/${hook.id}`)
    expect(body.verification).toEqual({ kind: 'github', header: null, secretSet: true })
    expect(text).not.toContain(secret)
    // Sealed at rest, like the other credentials Outpost must read back.
    const row = await server.db
      .selectFrom('inboundWebhooks')
      .select('verificationSecret')
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow()
    expect(row.verificationSecret).toMatch(/^sealed:v1:/)
    expect(row.verificationSecret).not.toContain(secret)
  })

  it('takes a signed delivery in; refuses an unsigned or altered one with a bare 401', async () => {
    const body = JSON.stringify({ name: 'Signed Sender' })
    expect((await post(body, { 'X-Hub-Signature-256': githubSignature(body) })).status).toBe(201)
    const unsigned = await post(body)
    expect(unsigned.status).toBe(401)
    expect(await unsigned.json()).toEqual({
      error: { code: 'unauthorized', message: 'This delivery could not be verified' },
    })
    const altered = await post(JSON.stringify({ name: 'Forged' }), {
      'X-Hub-Signature-256': githubSignature(body),
    })
    expect(altered.status).toBe(401)
    const wrongKey = await post(body, { 'X-Hub-Signature-256': githubSignature(body, 'guess') })
    expect(wrongKey.status).toBe(401)
    // The request log tells the webhook's owner why; nothing was created.
    const { body: log } = await server.admin.get(
      `/api/app/v1/inbound-webhooks/${hook.id}/deliveries`,
    )
    const reasons = log.data
      .filter((delivery: any) => delivery.status === 401)
      .map((delivery: any) => delivery.response.error.details.reason)
    expect(reasons).toEqual([
      'signature mismatch',
      'signature mismatch',
      'signature header missing',
    ])
    const { body: people } = await server.api.get('/api/v1/people')
    expect(people.data.map((person: any) => person.fullName)).toEqual(['Signed Sender'])
  })

  it('a shared secret header; a kind without what it needs is a 400 naming it', async () => {
    const path = `/api/app/v1/inbound-webhooks/${hook.id}`
    const noHeader = await server.admin.patch(path, { verification: { kind: 'header' } })
    expect(noHeader.body.error.details.field).toBe('verification.header')
    const other = await createInboundWebhook(server, { mapping: { fullName: '{{name}}' } })
    const noSecret = await server.admin.patch(`/api/app/v1/inbound-webhooks/${other.id}`, {
      verification: { kind: 'standard-webhooks' },
    })
    expect(noSecret.status).toBe(400)
    expect(noSecret.body.error.details.field).toBe('verification.secret')
    const header = await server.admin.patch(path, {
      verification: { kind: 'header', header: 'X-Form-Secret', secret: 'pão' },
    })
    expect(header.body.verification).toEqual({
      kind: 'header',
      header: 'X-Form-Secret',
      secretSet: true,
    })
    const body = JSON.stringify({ name: 'Header Sender' })
    expect((await post(body, { 'X-Form-Secret': 'pão' })).status).toBe(201)
    expect((await post(body, { 'X-Form-Secret': 'pao' })).status).toBe(401)
    // The header that carries the secret is neither kept with the delivery (for mappings and
    // replays) nor offered to a mapping.
    const contexts = await server.db
      .selectFrom('inboundDeliveries')
      .select('requestContext')
      .where('webhookId', '=', hook.id)
      .execute()
    expect(contexts.length).toBeGreaterThanOrEqual(2)
    for (const { requestContext } of contexts) {
      expect(requestContext).not.toMatch(/x-form-secret|pão|pao/i)
    }
    await server.admin.patch(path, {
      mapping: { fullName: '{{name}}', 'customFields.secret': '{{headers.x-form-secret}}' },
    })
    const mapped = await post(JSON.stringify({ name: 'Mapped Sender' }), {
      'X-Form-Secret': 'pão',
    })
    expect(mapped.status).toBe(201)
    const { personId } = (await mapped.json()) as { personId: string }
    const person = await server.api.get(`/api/v1/people/${personId}`)
    expect(person.body.customFields).toEqual({})
    // A sender signing the body in a header of its own (Shopify): the header is named too.
    const noSignatureHeader = await server.admin.patch(path, {
      verification: { kind: 'hmac-sha256', secret: 'shpss_1' },
    })
    expect(noSignatureHeader.status).toBe(400)
    expect(noSignatureHeader.body.error.details.field).toBe('verification.header')
    const shopify = await server.admin.patch(path, {
      verification: { kind: 'hmac-sha256', header: 'X-Shopify-Hmac-Sha256', secret: 'shpss_1' },
    })
    expect(shopify.body.verification).toEqual({
      kind: 'hmac-sha256',
      header: 'X-Shopify-Hmac-Sha256',
      secretSet: true,
    })
    const order = JSON.stringify({ name: 'Shopify Buyer' })
    const base64 = createHmac('sha256', 'shpss_1').update(order).digest('base64')
    expect((await post(order, { 'X-Shopify-Hmac-Sha256': base64 })).status).toBe(201)
    expect((await post(order, { 'X-Shopify-Hmac-Sha256': 'AAAA' })).status).toBe(401)
    // Back to none: anyone may post again, and the secret is gone.
    const none = await server.admin.patch(path, { verification: { kind: 'none' } })
    expect(none.body.verification).toEqual({ kind: 'none', header: null, secretSet: false })
    expect((await post(body)).status).toBe(201)
  })
})
