// Senders retry: Standard Webhooks resend a message with the same webhook-id, others with an
// Idempotency-Key or an id in the body. Each retry gets the first answer; no second deal.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { salesPipeline } from '../support/fixtures'
import { createInboundWebhook } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
let dealWebhook: { id: string; path: string }

beforeAll(async () => {
  server = await startTestServer()
  const sales = await salesPipeline(server.admin)
  // People with a deal each: without deduplication of deliveries, each retry would add a deal.
  dealWebhook = await createInboundWebhook(server, {
    mapping: { fullName: '{{name}}', primaryEmail: '{{email}}' },
    actions: {
      createDeal: { pipelineId: sales.id, stageId: sales.open.id, title: 'Lead: {{name}}' },
    },
    deliveryIdPath: 'event.id',
  })
})
afterAll(() => server.close())

const send = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(server.url + dealWebhook.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

const dealsTitled = async (title: string) =>
  (await server.api.get('/api/v1/deals?pageSize=100')).body.data.filter(
    (deal: { title: string }) => deal.title === title,
  )

describe('inbound retries', () => {
  it('a Standard Webhooks retry (same webhook-id) gets the first answer, even sent at once', async () => {
    const body = { name: 'Rita Retry', email: 'rita@retry.dev' }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(body, { 'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W' }),
      ),
    )
    const texts = await Promise.all(answers.map((answer) => answer.text()))
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(201))
    expect(new Set(texts).size).toBe(1)
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed'))).toHaveLength(4)
    expect(await dealsTitled('Lead: Rita Retry')).toHaveLength(1)
    // Another message from the same person is taken in: only the id makes it a retry.
    const next = await send(body, { 'webhook-id': 'msg_second' })
    expect(next.headers.get('idempotent-replayed')).toBeNull()
  })

  it('an Idempotency-Key works the same way, and so does the id at the configured body path', async () => {
    const body = { name: 'Kiko Key', email: 'kiko@retry.dev' }
    await send(body, { 'Idempotency-Key': 'order-77' })
    const again = await send(body, { 'Idempotency-Key': 'order-77' })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await dealsTitled('Lead: Kiko Key')).toHaveLength(1)

    const event = { event: { id: 'evt_001' }, name: 'Bela Body', email: 'bela@retry.dev' }
    expect((await send(event)).status).toBe(201)
    const resent = await send(event)
    expect(resent.status).toBe(201)
    expect(resent.headers.get('idempotent-replayed')).toBe('true')
    expect(await dealsTitled('Lead: Bela Body')).toHaveLength(1)
  })

  it("Shopify's retry, which repeats X-Shopify-Webhook-Id, gets the first answer", async () => {
    const body = { name: 'Sofia Shop', email: 'sofia@shop.dev' }
    const shopify = { 'X-Shopify-Webhook-Id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043' }
    expect((await send(body, shopify)).status).toBe(201)
    const retry = await send(body, shopify)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(await dealsTitled('Lead: Sofia Shop')).toHaveLength(1)
  })

  it('a refused delivery keeps nothing: the corrected retry is taken in', async () => {
    const refused = await send(
      { name: 'Nora No Mail', email: 'not-an-email' },
      { 'webhook-id': 'msg_fix' },
    )
    expect(refused.status).toBe(422)
    const fixed = await send(
      { name: 'Nora No Mail', email: 'nora@retry.dev' },
      { 'webhook-id': 'msg_fix' },
    )
    expect(fixed.status).toBe(201)
    expect(fixed.headers.get('idempotent-replayed')).toBeNull()
  })

  it('an id taken in with another body is refused and logged, never answered as a retry', async () => {
    const first = await send(
      { name: 'Ana Once', email: 'ana@reuse.dev' },
      { 'webhook-id': 'msg_1' },
    )
    expect(first.status).toBe(201)
    // A sender that numbers each message msg_1: the second lead is not the first one's retry.
    const other = await send(
      { name: 'Bia Other', email: 'bia@reuse.dev' },
      { 'webhook-id': 'msg_1' },
    )
    expect(other.status).toBe(422)
    expect(other.headers.get('idempotent-replayed')).toBeNull()
    const { error } = (await other.json()) as { error: { code: string; message: string } }
    expect(error.code).toBe('idempotency_key_reused')
    expect(await dealsTitled('Lead: Bia Other')).toHaveLength(0)
    // In the request log, to read and replay.
    const log = await server.admin.get(`/api/app/v1/inbound-webhooks/${dealWebhook.id}/deliveries`)
    const logged = log.body.data[0]
    expect(logged).toMatchObject({ status: 422 })
    const replay = await server.admin.post(
      `/api/app/v1/inbound-webhooks/${dealWebhook.id}/deliveries/${logged.id}/replay`,
    )
    expect(replay.body.status).toBe(201)
    expect(await dealsTitled('Lead: Bia Other')).toHaveLength(1)
    // The first one's true retry still gets its answer.
    const retry = await send(
      { name: 'Ana Once', email: 'ana@reuse.dev' },
      { 'webhook-id': 'msg_1' },
    )
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
  })

  it('an id taken in before bodies were hashed (an upgrade) still gets its first answer', async () => {
    const now = new Date()
    const answer = JSON.stringify({ ok: true, personId: 'earlier' })
    await server.db
      .insertInto('idempotencyKeys')
      .values({
        ...{ scope: `inbound:${dealWebhook.id}`, key: 'msg_before_upgrade', requestHash: '' },
        ...{ createdAt: now.toISOString(), expiresAt: new Date(+now + 3_600_000).toISOString() },
        ...{ state: 'done', status: 201, headers: '{}', body: answer },
      })
      .execute()
    const retry = await send(
      { name: 'Olga Old', email: 'olga@retry.dev' },
      { 'webhook-id': 'msg_before_upgrade' },
    )
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(await retry.text()).toBe(answer)
  })

  it('a path that cannot be read is refused when saved, naming the setting', async () => {
    const { status, body } = await server.admin.patch(
      `/api/app/v1/inbound-webhooks/${dealWebhook.id}`,
      { deliveryIdPath: 'data[' },
    )
    expect(status).toBe(400)
    expect(body.error.details.field).toBe('deliveryIdPath')
  })
})
