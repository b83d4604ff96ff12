import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { attemptsOf, eventsOf, subscribe, typesOf } from '../support/events'
import { createDeal, createPerson, salesPipeline, type PipelineInfo } from '../support/fixtures'
import { createInboundWebhook } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'
import {
  closedPort,
  startWebhookReceiver,
  type Reply,
  type WebhookReceiver,
} from '../support/webhook-receiver'

const s = 1_000
const min = 60 * s
const h = 60 * min
const day = 24 * h

const clock = createTestClock()
let server: TestServer
let pipeline: PipelineInfo
const receivers: WebhookReceiver[] = []
const subscriptions: string[] = []

beforeAll(async () => {
  server = await startTestServer({ clock })
  pipeline = await salesPipeline(server.admin)
})
afterEach(async () => {
  // Each test has the server to itself: no subscription of an earlier test keeps receiving.
  for (const id of subscriptions.splice(0)) {
    await server.admin.delete(`/api/app/v1/webhook-subscriptions/${id}`)
  }
  for (const receiver of receivers.splice(0)) await receiver.close()
})
afterAll(() => server.close())

async function receiver(responder?: (index: number) => Reply | Promise<Reply>, port?: number) {
  const started = await startWebhookReceiver(
    responder ? (_, index) => responder(index) : undefined,
    port,
  )
  receivers.push(started)
  return started
}

async function subscribeTo(url: string, fields: Record<string, unknown> = {}) {
  const subscription = await subscribe(server.admin, url, fields)
  subscriptions.push(subscription.id)
  return subscription
}

const subscriptionOf = async (id: string) =>
  (await server.admin.get(`/api/app/v1/webhook-subscriptions/${id}`)).body

const idsOf = (target: WebhookReceiver) =>
  target.received.map((request) => request.headers['webhook-id'])

const typesReceived = (target: WebhookReceiver) =>
  target.received.map((request) => JSON.parse(request.body).type)

/** Moves the test clock to `at` and runs the worker's due work. */
async function runAt(at: string | Date) {
  clock.set(at)
  await server.deliveries.runDue()
}

describe('delivery', () => {
  it('delivers every event once, in commit order, to each subscription whose types match', async () => {
    const all = await receiver()
    const dealsOnly = await receiver()
    await subscribeTo(all.url)
    await subscribeTo(dealsOnly.url, { eventTypes: ['deal.*'] })
    const events = await eventsOf(server.api, async () => {
      const person = await createPerson(server.api, { tags: ['vip'] })
      const deal = await createDeal(server.api, pipeline, { primaryPersonId: person.id })
      await server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: pipeline.won.id })
      await server.api.delete(`/api/v1/people/${person.id}`)
    })
    await server.deliveries.runDue()
    await server.deliveries.runDue()
    expect(idsOf(all)).toEqual(events.map((event) => event.id))
    expect(all.received.map((request) => request.body)).toEqual(
      events.map((event) => JSON.stringify(event)),
    )
    const dealEvents = events.filter((event) => event.type.startsWith('deal.'))
    expect(idsOf(dealsOnly)).toEqual(dealEvents.map((event) => event.id))
    expect(typesReceived(dealsOnly)).toEqual([
      'deal.created',
      'deal.updated',
      'deal.stage_changed',
      'deal.won',
      'deal.updated',
    ])
  })

  it('a new subscription receives the events committed after it, not the history', async () => {
    await createPerson(server.api, { fullName: 'Before subscribing' })
    const target = await receiver()
    await subscribeTo(target.url)
    await createPerson(server.api, { fullName: 'After subscribing' })
    await server.deliveries.runDue()
    expect(target.received.map((request) => JSON.parse(request.body).data.object.fullName)).toEqual(
      ['After subscribing'],
    )
  })

  it('in strict order, retries on the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h with the same webhook-id, then gives the event up and goes on', async () => {
    const target = await receiver(() => ({ status: 500, body: 'down for maintenance' }))
    const subscription = await subscribeTo(target.url, { strictOrder: true })
    const events = await eventsOf(server.api, async () => {
      await createPerson(server.api, { fullName: 'First' })
      await createPerson(server.api, { fullName: 'Second' })
    })
    const start = clock.now().getTime()
    await server.deliveries.runDue()
    const gaps = [5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h]
    let at = start
    for (const [index, gap] of gaps.entries()) {
      await runAt(new Date(at + gap - 1))
      // Not a moment early, and the second event waits behind the first.
      expect(idsOf(target)).toEqual(Array(index + 1).fill(events[0].id))
      at += gap
      await runAt(new Date(at))
    }
    // Eight attempts of the first event, then the second one at once.
    expect(idsOf(target)).toEqual([...Array(8).fill(events[0].id), events[1].id])
    const timestamps = target.received.map((request) =>
      Number(request.headers['webhook-timestamp']),
    )
    expect(timestamps.slice(1, 8).map((t, i) => (t - timestamps[i]!) * 1000)).toEqual(gaps)

    const log = await attemptsOf(server.admin, subscription.id)
    const first = log.filter((attempt) => attempt.eventId === events[0].id)
    expect(first.map((attempt) => attempt.attemptNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(first.at(-1)).toMatchObject({
      succeeded: false,
      responseStatus: 500,
      nextAttemptAt: null,
    })
    expect(first[0].nextAttemptAt).toBe(new Date(start + 5 * s).toISOString())
  })

  it('when the endpoint recovers, the waiting event and those behind it go out in order', async () => {
    const target = await receiver((index) => ({ status: index < 2 ? 503 : 200 }))
    const subscription = await subscribeTo(target.url)
    const events = await eventsOf(server.api, async () => {
      for (const name of ['One', 'Two', 'Three']) await createPerson(server.api, { fullName: name })
    })
    await server.deliveries.runDue()
    await runAt(new Date(clock.now().getTime() + 5 * s))
    expect((await subscriptionOf(subscription.id)).failingSince).not.toBeNull()
    await runAt(new Date(clock.now().getTime() + 5 * min))
    expect(idsOf(target)).toEqual([events[0].id, events[0].id, ...events.map((event) => event.id)])
    expect(await subscriptionOf(subscription.id)).toMatchObject({
      failingSince: null,
      nextAttemptAt: null,
      enabled: true,
    })
  })

  it('a refused connection is a failure: retried later, delivered once the endpoint listens', async () => {
    const port = await closedPort()
    const subscription = await subscribeTo(`http://127.0.0.1:${port}/hooks`)
    const [event] = await eventsOf(server.api, () => createPerson(server.api))
    await server.deliveries.runDue()
    const [failed] = await attemptsOf(server.admin, subscription.id)
    expect(failed).toMatchObject({
      eventId: event.id,
      succeeded: false,
      responseStatus: null,
      error: 'connection_refused',
    })
    const target = await receiver(undefined, port)
    await runAt(failed.nextAttemptAt)
    expect(idsOf(target)).toEqual([event.id])
  })

  it('honours Retry-After on 429: no retry before the time the endpoint asked for', async () => {
    const target = await receiver((index) =>
      index === 0 ? { status: 429, headers: { 'retry-after': '120' } } : { status: 204 },
    )
    await subscribeTo(target.url)
    await createPerson(server.api)
    const start = clock.now().getTime()
    await server.deliveries.runDue()
    await runAt(new Date(start + 5 * s))
    await runAt(new Date(start + 119 * s))
    expect(target.received).toHaveLength(1)
    await runAt(new Date(start + 120 * s))
    expect(target.received).toHaveLength(2)
  })

  it('410 Gone disables the subscription and says why; enabling it again resumes where it stopped', async () => {
    const target = await receiver((index) => ({ status: index === 0 ? 410 : 200 }))
    const subscription = await subscribeTo(target.url)
    const first = await eventsOf(server.api, () => createPerson(server.api, { fullName: 'A' }))
    await server.deliveries.runDue()
    const disabled = await subscriptionOf(subscription.id)
    expect(disabled).toMatchObject({ enabled: false, disabledAt: clock.now().toISOString() })
    expect(disabled.disabledReason).toMatch(/410/)

    const meanwhile = await eventsOf(server.api, () => createPerson(server.api, { fullName: 'B' }))
    await runAt(new Date(clock.now().getTime() + day))
    expect(target.received).toHaveLength(1)

    const { body } = await server.admin.patch(
      `/api/app/v1/webhook-subscriptions/${subscription.id}`,
      {
        enabled: true,
      },
    )
    expect(body).toMatchObject({ enabled: true, disabledReason: null })
    await server.deliveries.runDue()
    expect(idsOf(target)).toEqual([first[0].id, first[0].id, meanwhile[0].id])
  })

  it('an endpoint that cannot be reached keeps the event waiting (nothing skipped), and is disabled after 5 days of failures', async () => {
    const port = await closedPort()
    const subscription = await subscribeTo(`http://127.0.0.1:${port}/hooks`)
    const [event] = await eventsOf(server.api, () => createPerson(server.api))
    const start = clock.now().getTime()
    await server.deliveries.runDue()
    for (let guard = 0; guard < 30; guard++) {
      const state = await subscriptionOf(subscription.id)
      if (!state.enabled) break
      await runAt(state.nextAttemptAt)
    }
    const state = await subscriptionOf(subscription.id)
    expect(state.enabled).toBe(false)
    expect(state.disabledReason).toMatch(/5 days/)
    expect(Date.parse(state.disabledAt) - start).toBeGreaterThanOrEqual(5 * day)
    expect(Date.parse(state.disabledAt) - start).toBeLessThan(5 * day + 10 * h)
    const log = await attemptsOf(server.admin, subscription.id)
    // Past the eighth attempt the event is still the one tried, every 10 hours.
    expect(log.length).toBeGreaterThan(8)
    expect(new Set(log.map((attempt) => attempt.eventId))).toEqual(new Set([event.id]))
    expect(log.every((attempt) => attempt.error === 'connection_refused')).toBe(true)

    const target = await receiver(undefined, port)
    await server.admin.patch(`/api/app/v1/webhook-subscriptions/${subscription.id}`, {
      enabled: true,
    })
    await server.deliveries.runDue()
    expect(idsOf(target)).toEqual([event.id])
  })

  it('a request to this server itself is refused (508), so events cannot loop', async () => {
    const subscription = await subscribeTo(`${server.url}/api/v1/people`)
    const events = await eventsOf(server.api, async () => {
      await createPerson(server.api, { fullName: 'Loop bait' })
      await server.deliveries.runDue()
    })
    expect(typesOf(events)).toEqual(['person.created'])
    const [attempt] = await attemptsOf(server.admin, subscription.id)
    expect(attempt).toMatchObject({ succeeded: false, responseStatus: 508 })
    expect(attempt.responseExcerpt).toContain('loop_detected')
  })

  it('a subscription pointed at this server’s own inbound webhook is refused (508): an event cannot cause the next', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: { fullName: 'Echo' },
      dedupe: { strategy: 'none' },
    })
    const subscription = await subscribeTo(`${server.url}${webhook.path}`)
    const events = await eventsOf(server.api, async () => {
      await createPerson(server.api, { fullName: 'Start of a loop' })
      await server.deliveries.runDue()
      await runAt(new Date(clock.now().getTime() + 5 * s))
    })
    expect(events.map((event) => event.data.object.fullName)).toEqual(['Start of a loop'])
    const log = await attemptsOf(server.admin, subscription.id)
    // Retrying could not help: the first 508 disables the subscription, with why.
    expect(log.map((attempt) => attempt.responseStatus)).toEqual([508])
    const state = await subscriptionOf(subscription.id)
    expect(state.enabled).toBe(false)
    expect(state.disabledReason).toMatch(/508 Loop Detected/)

    // A test event is recorded nowhere, and is refused all the same: it creates no one.
    await server.admin.patch(`/api/app/v1/webhook-subscriptions/${subscription.id}`, {
      enabled: true,
    })
    const caused = await eventsOf(server.api, async () => {
      const test = await server.admin.post(
        `/api/app/v1/webhook-subscriptions/${subscription.id}/send-test`,
      )
      expect(test.body).toMatchObject({ succeeded: false, responseStatus: 508 })
    })
    expect(caused).toEqual([])
  })

  it('a paused subscription receives nothing; a new event filter applies to what still waits', async () => {
    const target = await receiver()
    const subscription = await subscribeTo(target.url, { enabled: false })
    await createPerson(server.api)
    await server.deliveries.runDue()
    expect(target.received).toHaveLength(0)
    await server.admin.patch(`/api/app/v1/webhook-subscriptions/${subscription.id}`, {
      enabled: true,
      eventTypes: ['deal.*'],
    })
    const events = await eventsOf(server.api, async () => {
      await createPerson(server.api)
      await createDeal(server.api, pipeline)
    })
    await server.deliveries.runDue()
    expect(typesReceived(target)).toEqual(['deal.created'])
    expect(idsOf(target)).toEqual([events.find((event) => event.type === 'deal.created').id])
  })
})
