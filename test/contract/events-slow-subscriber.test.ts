import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attemptTimeoutMs } from '../../src/server/webhooks-out/http-sender'
import { retryDelaysMs } from '../../src/server/webhooks-out/retry-schedule'
import { startBlackhole, type Blackhole } from '../support/blackhole'
import { attemptsOf, eventsOf, subscribe } from '../support/events'
import { createPerson } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

// The real clock and the worker on its own timer: nothing here calls runDue().
let server: TestServer
let hanging: Blackhole
let fast: WebhookReceiver

beforeAll(async () => {
  server = await startTestServer()
  hanging = await startBlackhole()
  fast = await startWebhookReceiver()
})
afterAll(async () => {
  await hanging.close()
  await fast.close()
  await server.close()
})

async function logOnceItHas(subscriptionId: string, count: number) {
  for (;;) {
    const log = await attemptsOf(server.admin, subscriptionId)
    if (log.length >= count) return log
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe('a slow subscriber', () => {
  it(
    'an endpoint that accepts and never answers holds back only its own subscription; its attempt times out into the retry schedule',
    { timeout: 45_000 },
    async () => {
      const stalled = await subscribe(server.admin, `${hanging.url}/hooks`)
      await subscribe(server.admin, fast.url)

      const [first] = await eventsOf(server.api, () => createPerson(server.api, { fullName: 'A' }))
      await Promise.all([hanging.waitForRequests(1), fast.waitFor(1)])
      // The stalled endpoint now holds its first attempt open. New events still go to the other.
      const [second] = await eventsOf(server.api, () => createPerson(server.api, { fullName: 'B' }))
      const [third] = await eventsOf(server.api, () => createPerson(server.api, { fullName: 'C' }))
      await fast.waitFor(3)
      expect(fast.received.map((request) => request.headers['webhook-id'])).toEqual([
        first.id,
        second.id,
        third.id,
      ])
      expect(await attemptsOf(server.admin, stalled.id)).toEqual([])
      expect(hanging.openRequests()).toBe(1)

      // Then the attempt runs out of time: a failed attempt, retried on the normal schedule, and
      // the events behind it keep waiting their turn (in order, one at a time).
      const [timedOut] = await logOnceItHas(stalled.id, 1)
      expect(timedOut).toMatchObject({
        eventId: first.id,
        attemptNumber: 1,
        succeeded: false,
        responseStatus: null,
        error: 'timeout',
      })
      expect(timedOut.durationMs).toBeGreaterThanOrEqual(attemptTimeoutMs - 50)
      const finishedAt = Date.parse(timedOut.attemptedAt) + timedOut.durationMs
      expect(Date.parse(timedOut.nextAttemptAt) - finishedAt).toBeGreaterThanOrEqual(
        retryDelaysMs[0]! - 50,
      )
      expect(hanging.requests).toBe(1)
      expect(hanging.openRequests()).toBe(0)
    },
  )

  it(
    'an answer whose body stalls is a timeout like no answer: its event stays first in line, not set aside for the next',
    { timeout: 60_000 },
    async () => {
      // 200 and one byte of body, then nothing: the status came, the answer never finished.
      const webhookIds: string[] = []
      const stalling = createServer((request, response) => {
        webhookIds.push(String(request.headers['webhook-id']))
        response.writeHead(200, { 'Content-Type': 'text/plain' })
        response.write('o')
      })
      await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve))
      try {
        const { port } = stalling.address() as AddressInfo
        const subscription = await subscribe(server.admin, `http://127.0.0.1:${port}/hooks`)
        const [first] = await eventsOf(server.api, () =>
          createPerson(server.api, { fullName: 'Stalled' }),
        )
        await createPerson(server.api, { fullName: 'Behind it' })
        const [timedOut] = await logOnceItHas(subscription.id, 1)
        expect(timedOut).toMatchObject({
          eventId: first.id,
          succeeded: false,
          responseStatus: 200,
          error: 'timeout',
        })
        // Held, the same event is tried again; set aside, the next would have gone at once.
        while (webhookIds.length < 2) await new Promise((resolve) => setTimeout(resolve, 200))
        expect(webhookIds).toEqual([first.id, first.id])
      } finally {
        stalling.closeAllConnections()
        stalling.close()
      }
    },
  )
})
