// Outbound delivery that recovers: one event an endpoint rejects no longer holds back the rest
// (unless the subscription asks for strict order), events set aside are listed, retried now by
// hand and recovered in bulk after an outage, and the user is alerted of a subscription failing
// for an hour or disabled.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { eventsOf } from '../support/events'
import { createPerson } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

const s = 1_000
const min = 60 * s
const h = 60 * min
const day = 24 * h

const clock = createTestClock()
let server: TestServer
const receivers: WebhookReceiver[] = []
const created: string[] = []

beforeAll(async () => {
  server = await startTestServer({ clock })
})
afterEach(async () => {
  for (const id of created.splice(0)) {
    await server.admin.delete(`/api/app/v1/webhook-subscriptions/${id}`)
  }
  for (const receiver of receivers.splice(0)) await receiver.close()
})
afterAll(() => server.close())

/** An endpoint that answers 500 to any person called "Poison" while `poisoned`, 204 otherwise. */
async function pickyEndpoint() {
  const state = { poisoned: true }
  const target = await startWebhookReceiver((request) =>
    state.poisoned && request.body.includes('"fullName":"Poison')
      ? { status: 500, body: 'cannot handle this one' }
      : { status: 204 },
  )
  receivers.push(target)
  return { target, state }
}

async function subscribeTo(url: string, fields: Record<string, unknown> = {}) {
  const { status, body } = await server.admin.post('/api/app/v1/webhook-subscriptions', {
    url,
    ...fields,
  })
  expect(status).toBe(201)
  created.push(body.id)
  return body
}

const path = (id: string) => `/api/app/v1/webhook-subscriptions/${id}`
const idsOf = (target: WebhookReceiver) => target.received.map((r) => r.headers['webhook-id'])

async function runAt(at: number) {
  clock.set(new Date(at))
  await server.deliveries.runDue()
}

async function deliveriesOf(id: string, query = '') {
  const { status, body } = await server.admin.get(`${path(id)}/deliveries${query}`)
  expect(status).toBe(200)
  return body.data
}

describe('an event the endpoint rejects', () => {
  it('is set aside and retried on its own schedule while the ones after it go out at once', async () => {
    const { target, state } = await pickyEndpoint()
    const subscription = await subscribeTo(target.url)
    expect(subscription.strictOrder).toBe(false)
    const events = await eventsOf(server.api, async () => {
      await createPerson(server.api, { fullName: 'Poison Pill' })
      await createPerson(server.api, { fullName: 'Ana After' })
      await createPerson(server.api, { fullName: 'Bia After' })
    })
    const start = clock.now().getTime()
    await server.deliveries.runDue()
    expect(idsOf(target)).toEqual(events.map((event) => event.id))

    const [waiting] = await deliveriesOf(subscription.id)
    expect(waiting).toMatchObject({
      eventId: events[0].id,
      eventType: 'person.created',
      status: 'retrying',
      attempts: 1,
      lastStatus: 500,
      nextAttemptAt: new Date(start + 5 * s).toISOString(),
    })
    // The endpoint took the next ones: it is not failing as a whole, so no alert is due.
    expect((await server.admin.get(path(subscription.id))).body.failingSince).toBeNull()

    await runAt(start + 5 * s)
    expect(await deliveriesOf(subscription.id)).toMatchObject([{ status: 'retrying', attempts: 2 }])
    state.poisoned = false
    await runAt(start + 5 * s + 5 * min)
    expect(idsOf(target)).toEqual([...events.map((event) => event.id), events[0].id, events[0].id])
    expect(await deliveriesOf(subscription.id)).toEqual([])
    // The retry went with the same body and id: the receiver can drop a duplicate.
    expect(target.received[4]!.body).toBe(target.received[0]!.body)
  })

  it('holds back the ones after it when the subscription asks for strict order', async () => {
    const { target } = await pickyEndpoint()
    const subscription = await subscribeTo(target.url, { strictOrder: true })
    const events = await eventsOf(server.api, async () => {
      await createPerson(server.api, { fullName: 'Poison Strict' })
      await createPerson(server.api, { fullName: 'Carla Waits' })
    })
    const start = clock.now().getTime()
    await server.deliveries.runDue()
    await runAt(start + 5 * s)
    expect(idsOf(target)).toEqual([events[0].id, events[0].id])
    expect(await deliveriesOf(subscription.id)).toEqual([])
    const state = (await server.admin.get(path(subscription.id))).body
    expect(state).toMatchObject({ strictOrder: true, nextAttemptAt: expect.any(String) })

    // Switched to the default, the waiting event is set aside at its next failure.
    await server.admin.patch(path(subscription.id), { strictOrder: false })
    await runAt(Date.parse(state.nextAttemptAt))
    expect(idsOf(target).slice(2)).toEqual([events[0].id, events[1].id])
  })

  it('is kept as failed once the schedule is used up, and comes back with "recover since"', async () => {
    const { target, state } = await pickyEndpoint()
    const subscription = await subscribeTo(target.url)
    const [poison] = await eventsOf(server.api, () =>
      createPerson(server.api, { fullName: 'Poison Forever' }),
    )
    const start = clock.now().getTime()
    await server.deliveries.runDue()
    for (let guard = 0; guard < 10; guard++) {
      const [delivery] = await deliveriesOf(subscription.id)
      if (delivery.status === 'failed') break
      await runAt(Date.parse(delivery.nextAttemptAt))
    }
    const [failed] = await deliveriesOf(subscription.id, '?status=failed')
    expect(failed).toMatchObject({ eventId: poison.id, attempts: 8, nextAttemptAt: null })
    expect(await deliveriesOf(subscription.id, '?status=retrying')).toEqual([])
    expect(idsOf(target)).toEqual(Array(8).fill(poison.id))

    // The endpoint is fixed; everything that failed since before the outage goes again.
    state.poisoned = false
    const later = await server.admin.post(`${path(subscription.id)}/recover`, {
      since: new Date(start + day).toISOString(),
    })
    expect(later).toMatchObject({ status: 202, body: { queued: 0 } })
    const recovered = await server.admin.post(`${path(subscription.id)}/recover`, {
      since: new Date(start - h).toISOString(),
    })
    expect(recovered).toMatchObject({ status: 202, body: { queued: 1 } })
    await server.deliveries.runDue()
    expect(idsOf(target)).toEqual(Array(9).fill(poison.id))
    expect(await deliveriesOf(subscription.id)).toEqual([])

    const bad = await server.admin.post(`${path(subscription.id)}/recover`, { since: 'yesterday' })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('since')
  })

  it('"retry now" sends one at once, without waiting for its next time', async () => {
    const { target, state } = await pickyEndpoint()
    const subscription = await subscribeTo(target.url)
    const [poison] = await eventsOf(server.api, () =>
      createPerson(server.api, { fullName: 'Poison Now' }),
    )
    await server.deliveries.runDue()
    state.poisoned = false
    const retry = await server.admin.post(
      `${path(subscription.id)}/deliveries/${poison.id}/retry`,
      {},
    )
    expect(retry).toMatchObject({ status: 202, body: { queued: 1 } })
    await server.deliveries.runDue()
    expect(idsOf(target)).toEqual([poison.id, poison.id])
    expect(await deliveriesOf(subscription.id)).toEqual([])
    const again = await server.admin.post(
      `${path(subscription.id)}/deliveries/${poison.id}/retry`,
      {},
    )
    expect(again.status).toBe(404)
  })

  it('is never pruned with old events while it waits to be recovered', async () => {
    const { target, state } = await pickyEndpoint()
    const subscription = await subscribeTo(target.url)
    const [poison] = await eventsOf(server.api, () =>
      createPerson(server.api, { fullName: 'Poison Old' }),
    )
    const start = clock.now().getTime()
    await server.deliveries.runDue()
    clock.set(new Date(start + 40 * day))
    await server.eventPruner.runNow()
    state.poisoned = false
    await server.admin.post(`${path(subscription.id)}/deliveries/${poison.id}/retry`, {})
    await server.deliveries.runDue()
    expect(idsOf(target).at(-1)).toBe(poison.id)
    expect(JSON.parse(target.received.at(-1)!.body)).toMatchObject({ id: poison.id, version: 1 })
  })
})

describe('alerts', () => {
  it('a subscription failing for an hour is shown in the app and told once; a disabled one too', async () => {
    const target = await startWebhookReceiver(() => ({ status: 500 }))
    receivers.push(target)
    const subscription = await subscribeTo(target.url)
    await server.webhookAlerts.runNow()
    await createPerson(server.api, { fullName: 'Dario Down' })
    const start = clock.now().getTime()
    await server.deliveries.runDue()
    await runAt(start + 30 * min)
    expect((await server.admin.get('/api/app/v1/webhook-alerts')).body.data).toEqual([])
    expect(await server.webhookAlerts.runNow()).toEqual([])

    clock.set(new Date(start + h))
    const { body } = await server.admin.get('/api/app/v1/webhook-alerts')
    expect(body.data).toEqual([
      expect.objectContaining({
        kind: 'failing',
        subscriptionId: subscription.id,
        since: new Date(start).toISOString(),
      }),
    ])
    expect(await server.webhookAlerts.runNow()).toMatchObject([
      { kind: 'failing', subscriptionId: subscription.id },
    ])
    expect(await server.webhookAlerts.runNow()).toEqual([])

    target.respondWith(() => ({ status: 410 }))
    await createPerson(server.api, { fullName: 'Elisa Gone' })
    await server.deliveries.runDue()
    const [alert] = (await server.admin.get('/api/app/v1/webhook-alerts')).body.data
    expect(alert).toMatchObject({ kind: 'disabled', reason: expect.stringMatching(/410/) })
    expect(await server.webhookAlerts.runNow()).toMatchObject([{ kind: 'disabled' }])
    expect(await server.webhookAlerts.runNow()).toEqual([])
    // Paused by hand is no alert. The endpoint is back first: re-enabled, the worker may deliver
    // before the pause, and a 410 then would disable it again, rightly.
    target.respondWith(() => ({ status: 204 }))
    await server.admin.patch(path(subscription.id), { enabled: true })
    await server.admin.patch(path(subscription.id), { enabled: false })
    expect((await server.admin.get('/api/app/v1/webhook-alerts')).body.data).toEqual([])
  })

  it('paused while an attempt is out, a subscription stays paused by hand, whatever the answer', async () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const target = await startWebhookReceiver(async () => {
      await answered
      return { status: 410 }
    })
    receivers.push(target)
    const subscription = await subscribeTo(target.url)
    await createPerson(server.api, { fullName: 'Paula Paused' })
    const delivering = server.deliveries.runDue()
    await target.waitFor(1)
    await server.admin.patch(path(subscription.id), { enabled: false })
    answer()
    await delivering
    const { body } = await server.admin.get(path(subscription.id))
    expect(body).toMatchObject({ enabled: false, disabledReason: null })
    expect((await server.admin.get('/api/app/v1/webhook-alerts')).body.data).toEqual([])
    // The attempt is in the log all the same.
    const attempts = await server.admin.get(`${path(subscription.id)}/attempts`)
    expect(attempts.body.data).toMatchObject([{ responseStatus: 410 }])
  })
})
