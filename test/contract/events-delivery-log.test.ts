import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { attemptsOf, eventsOf, subscribe } from '../support/events'
import { createPerson, unknownId } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

// Starts at the real time so that the standardwebhooks library accepts the timestamps.
const clock = createTestClock(new Date())
let server: TestServer
let receiver: WebhookReceiver
let status = 200
let body = 'ok'

beforeAll(async () => {
  server = await startTestServer({ clock })
  receiver = await startWebhookReceiver(() => ({ status, body }))
})
afterAll(async () => {
  await server.close()
  await receiver.close()
})

const base = '/api/app/v1/webhook-subscriptions'

describe('delivery log', () => {
  it('lists every attempt newest first, with time, status, duration and a response excerpt', async () => {
    const subscription = await subscribe(server.admin, receiver.url)
    status = 500
    body = 'database is down'
    const [event] = await eventsOf(server.api, () => createPerson(server.api))
    await server.deliveries.runDue()
    status = 200
    body = '{"received":true}'
    clock.advance(5_000)
    await server.deliveries.runDue()

    const { status: code, body: page } = await server.admin.get(
      `${base}/${subscription.id}/attempts`,
    )
    expect(code).toBe(200)
    expect(Object.keys(page).sort()).toEqual(['data', 'hasMore', 'page', 'pageSize', 'total'])
    const [second, first] = page.data
    expect(first).toMatchObject({
      subscriptionId: subscription.id,
      eventId: event.id,
      eventType: 'person.created',
      trigger: 'scheduled',
      attemptNumber: 1,
      succeeded: false,
      responseStatus: 500,
      responseExcerpt: 'database is down',
      error: null,
      nextAttemptAt: second.attemptedAt,
    })
    expect(second).toMatchObject({
      eventId: event.id,
      attemptNumber: 2,
      succeeded: true,
      responseStatus: 200,
      responseExcerpt: '{"received":true}',
      nextAttemptAt: null,
    })
    expect(second.attemptedAt).toBe(clock.now().toISOString())
    expect(Number.isInteger(second.durationMs) && second.durationMs >= 0).toBe(true)
  })

  it('keeps at most 2 KiB of a response body', async () => {
    const subscription = await subscribe(server.admin, receiver.url)
    body = 'x'.repeat(10_000)
    await createPerson(server.api)
    await server.deliveries.runDue()
    body = 'ok'
    const [attempt] = await attemptsOf(server.admin, subscription.id)
    expect(attempt.responseExcerpt).toHaveLength(2048)
  })

  it('filters by event, and pages like every list', async () => {
    const subscription = await subscribe(server.admin, receiver.url)
    const events = await eventsOf(server.api, async () => {
      for (let i = 0; i < 3; i++) await createPerson(server.api)
    })
    await server.deliveries.runDue()
    const one = await server.admin.get(
      `${base}/${subscription.id}/attempts?eventId=${events[1].id}`,
    )
    expect(one.body.data.map((attempt: any) => attempt.eventId)).toEqual([events[1].id])
    const paged = await server.admin.get(`${base}/${subscription.id}/attempts?pageSize=2`)
    expect(paged.body).toMatchObject({ total: 3, hasMore: true })
    expect(paged.body.data.map((attempt: any) => attempt.eventId)).toEqual([
      events[2].id,
      events[1].id,
    ])
  })

  it('404 for the log of an unknown subscription; 400 for an unknown parameter', async () => {
    expect((await server.admin.get(`${base}/${unknownId}/attempts`)).status).toBe(404)
    const subscription = await subscribe(server.admin, receiver.url, { enabled: false })
    expect((await server.admin.get(`${base}/${subscription.id}/attempts?status=1`)).status).toBe(
      400,
    )
  })
})

describe('redelivery by hand', () => {
  it('sends any event of the workspace again at once, with its original webhook-id, and logs it', async () => {
    // An event from before the subscription existed: never delivered to it by the worker.
    const [old] = await eventsOf(server.api, () => createPerson(server.api, { fullName: 'Old' }))
    // Its own path: the earlier tests' subscriptions, still enabled, may be sent this event by the
    // delivery worker meanwhile, to the same receiver and with the same webhook-id.
    const url = `${receiver.url}/redelivered`
    const subscription = await subscribe(server.admin, url, { enabled: false })
    const before = receiver.received.length
    const { status: code, body: attempt } = await server.admin.post(
      `${base}/${subscription.id}/redeliver`,
      { eventId: old.id },
    )
    expect(code).toBe(200)
    expect(attempt).toMatchObject({
      eventId: old.id,
      eventType: 'person.created',
      trigger: 'manual',
      attemptNumber: null,
      succeeded: true,
      responseStatus: 200,
      nextAttemptAt: null,
    })
    const sent = receiver.received
      .slice(before)
      .filter((request) => request.path === new URL(url).pathname)
    expect(sent).toHaveLength(1)
    const [request] = sent
    expect(request!.headers['webhook-id']).toBe(old.id)
    expect(new Webhook(subscription.secret).verify(request!.body, request!.headers as any)).toEqual(
      old,
    )
    expect(await attemptsOf(server.admin, subscription.id)).toEqual([attempt])
  })

  it('a failed redelivery is reported and logged, and not retried', async () => {
    const [event] = await eventsOf(server.api, () => createPerson(server.api))
    const subscription = await subscribe(server.admin, receiver.url, { enabled: false })
    status = 503
    const { body: attempt } = await server.admin.post(`${base}/${subscription.id}/redeliver`, {
      eventId: event.id,
    })
    status = 200
    expect(attempt).toMatchObject({ succeeded: false, responseStatus: 503, nextAttemptAt: null })
    clock.advance(10 * 60_000)
    await server.deliveries.runDue()
    expect(await attemptsOf(server.admin, subscription.id)).toHaveLength(1)
    clock.set(new Date())
  })

  it('404 for an event of another workspace or none', async () => {
    const subscription = await subscribe(server.admin, receiver.url, { enabled: false })
    const other = await server.otherWorkspace('Redeliver elsewhere')
    const [theirs] = await eventsOf(other.admin, () => createPerson(other.admin))
    for (const eventId of [theirs.id, unknownId]) {
      const { status: code, body: error } = await server.admin.post(
        `${base}/${subscription.id}/redeliver`,
        { eventId },
      )
      expect(code).toBe(404)
      expect(error.error.code).toBe('not_found')
    }
    const bad = await server.admin.post(`${base}/${subscription.id}/redeliver`, { eventId: 'x' })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('eventId')
  })
})

describe('send test event', () => {
  it('delivers a signed webhook.test event and logs the attempt', async () => {
    const subscription = await subscribe(server.admin, receiver.url, { eventTypes: ['deal.won'] })
    const before = receiver.received.length
    const { status: code, body: attempt } = await server.admin.post(
      `${base}/${subscription.id}/send-test`,
    )
    expect(code).toBe(200)
    expect(attempt).toMatchObject({
      eventType: 'webhook.test',
      trigger: 'test',
      succeeded: true,
      responseStatus: 200,
    })
    const [request] = receiver.received.slice(before)
    const payload: any = new Webhook(subscription.secret).verify(
      request!.body,
      request!.headers as any,
    )
    expect(payload).toMatchObject({
      id: attempt.eventId,
      type: 'webhook.test',
      tenantId: server.tenantId,
      data: { object: { subscriptionId: subscription.id } },
    })
    expect(await attemptsOf(server.admin, subscription.id)).toEqual([attempt])
  })

  it('reports an endpoint that cannot be reached', async () => {
    const subscription = await subscribe(server.admin, 'http://127.0.0.1:9/unreachable')
    const { body: attempt } = await server.admin.post(`${base}/${subscription.id}/send-test`)
    expect(attempt).toMatchObject({ succeeded: false, responseStatus: null })
    expect(attempt.error).toMatch(/connection_refused|network_error/)
  })
})
