import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { eventsOf, subscribe } from '../support/events'
import { createPerson } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

// The library checks webhook-timestamp against the real time, so this clock starts now.
const clock = createTestClock(new Date())
let server: TestServer
let receiver: WebhookReceiver

beforeAll(async () => {
  server = await startTestServer({ clock })
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await server.close()
  await receiver.close()
})

/** The next delivery this test causes: runs the worker and returns what the receiver got. */
async function deliveryOf(action: () => Promise<unknown>) {
  const before = receiver.received.length
  const events = await eventsOf(server.api, action)
  await server.deliveries.runDue()
  const received = receiver.received.slice(before)
  expect(received).toHaveLength(events.length)
  return { event: events[0], request: received[0]! }
}

const headersOf = (request: { headers: Record<string, unknown> }) =>
  request.headers as Record<string, string>

describe('signatures (Standard Webhooks), checked with the standardwebhooks library', () => {
  it('a real delivery verifies with the subscription secret and yields the event', async () => {
    const subscription = await subscribe(server.admin, receiver.url)
    const { event, request } = await deliveryOf(() =>
      createPerson(server.api, { fullName: 'Signed' }),
    )
    const headers = headersOf(request)
    expect(headers['webhook-id']).toBe(event.id)
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)))
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    const verified = new Webhook(subscription.secret).verify(request.body, headers)
    expect(verified).toEqual(event)
    await server.admin.delete(`/api/app/v1/webhook-subscriptions/${subscription.id}`)
  })

  it('a tampered body, id or timestamp fails verification', async () => {
    const subscription = await subscribe(server.admin, receiver.url)
    const { request } = await deliveryOf(() => createPerson(server.api, { fullName: 'Original' }))
    const headers = headersOf(request)
    const webhook = new Webhook(subscription.secret)
    const tampered = request.body.replace('Original', 'Tampered')
    expect(tampered).not.toBe(request.body)
    expect(() => webhook.verify(tampered, headers)).toThrow(WebhookVerificationError)
    expect(() => webhook.verify(request.body, { ...headers, 'webhook-id': 'other-id' })).toThrow(
      WebhookVerificationError,
    )
    const shifted = String(Number(headers['webhook-timestamp']) - 10)
    expect(() =>
      webhook.verify(request.body, { ...headers, 'webhook-timestamp': shifted }),
    ).toThrow(WebhookVerificationError)
    await server.admin.delete(`/api/app/v1/webhook-subscriptions/${subscription.id}`)
  })

  it('another subscription’s secret does not verify', async () => {
    const subscription = await subscribe(server.admin, receiver.url)
    const other = await subscribe(server.admin, 'https://example.com/other', { enabled: false })
    const { request } = await deliveryOf(() => createPerson(server.api))
    expect(() => new Webhook(other.secret).verify(request.body, headersOf(request))).toThrow(
      WebhookVerificationError,
    )
    await server.admin.delete(`/api/app/v1/webhook-subscriptions/${subscription.id}`)
  })

  it('after a rotation both secrets verify for 24 hours; then only the new one signs', async () => {
    const subscription = await subscribe(server.admin, receiver.url)
    const { body: rotated } = await server.admin.post(
      `/api/app/v1/webhook-subscriptions/${subscription.id}/rotate-secret`,
    )
    const { request } = await deliveryOf(() => createPerson(server.api, { fullName: 'Rotating' }))
    const headers = headersOf(request)
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2)
    for (const secret of [rotated.secret, subscription.secret]) {
      expect(new Webhook(secret).verify(request.body, headers)).toMatchObject({
        type: 'person.created',
      })
    }

    clock.advance(24 * 60 * 60 * 1000)
    const later = await deliveryOf(() => createPerson(server.api, { fullName: 'Rotated' }))
    const laterHeaders = headersOf(later.request)
    // A day ahead of the real clock the library would refuse the timestamp, so compare the
    // signatures it computes instead of calling verify.
    const sentAt = new Date(Number(laterHeaders['webhook-timestamp']) * 1000)
    const expected = (secret: string) =>
      new Webhook(secret).sign(laterHeaders['webhook-id']!, sentAt, later.request.body)
    expect(laterHeaders['webhook-signature']).toBe(expected(rotated.secret))
    expect(laterHeaders['webhook-signature']).not.toContain(expected(subscription.secret).slice(3))
    clock.set(new Date())
    await server.admin.delete(`/api/app/v1/webhook-subscriptions/${subscription.id}`)
  })
})
