import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import {
  closedPort,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../test/support/webhook-receiver'
import { attemptTimeoutMs, responseExcerptBytes, sendWebhook } from './http-sender'

let receiver: WebhookReceiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

const request = (url: string) => ({
  url,
  body: '{"id":"e1"}',
  headers: { 'webhook-id': 'e1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' },
})

describe('sending one webhook', () => {
  it('POSTs the body as JSON with the signature headers', async () => {
    receiver = await startWebhookReceiver(() => ({ status: 200, body: 'ok' }))
    const result = await sendWebhook(request(receiver.url))
    expect(result).toMatchObject({
      succeeded: true,
      responseStatus: 200,
      responseExcerpt: 'ok',
      error: null,
    })
    const [received] = receiver.received
    expect(received).toMatchObject({ method: 'POST', path: '/hooks', body: '{"id":"e1"}' })
    expect(received!.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'e1',
      'webhook-signature': 'v1,x',
    })
    expect(received!.headers['user-agent']).toMatch(/^Outpost-Webhooks\//)
  })

  it('any non-2xx answer is a failure, redirects included (they are not followed)', async () => {
    receiver = await startWebhookReceiver((_, index) =>
      index === 0 ? { status: 302, headers: { location: '/elsewhere' } } : { status: 500 },
    )
    expect(await sendWebhook(request(receiver.url))).toMatchObject({
      succeeded: false,
      responseStatus: 302,
    })
    expect(await sendWebhook(request(receiver.url))).toMatchObject({
      succeeded: false,
      responseStatus: 500,
    })
    expect(receiver.received.map((r) => r.path)).toEqual(['/hooks', '/hooks'])
  })

  it('keeps only the first 2 KiB of a response body', async () => {
    receiver = await startWebhookReceiver(() => ({ status: 200, body: 'x'.repeat(100_000) }))
    const result = await sendWebhook(request(receiver.url))
    expect(result.responseExcerpt).toHaveLength(responseExcerptBytes)
  })

  it('a refused connection is a failure with no status', async () => {
    const result = await sendWebhook(request(`http://127.0.0.1:${await closedPort()}/hooks`))
    expect(result).toMatchObject({
      succeeded: false,
      responseStatus: null,
      error: 'connection_refused',
    })
  })

  it('gives an endpoint 15 seconds to answer unless told otherwise', () => {
    expect(attemptTimeoutMs).toBe(15_000)
  })

  it('an endpoint that does not answer in time is a timeout failure', async () => {
    receiver = await startWebhookReceiver(() => new Promise(() => {}))
    const result = await sendWebhook({ ...request(receiver.url), timeoutMs: 100 })
    expect(result).toMatchObject({ succeeded: false, responseStatus: null, error: 'timeout' })
    expect(result.durationMs).toBeGreaterThanOrEqual(90)
  })

  it('an answer whose body stalls is a timeout failure too, whatever its status', async () => {
    const stalling = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('started')
    })
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve))
    const { port } = stalling.address() as AddressInfo
    try {
      const result = await sendWebhook({ ...request(`http://127.0.0.1:${port}/`), timeoutMs: 200 })
      expect(result).toMatchObject({
        succeeded: false,
        responseStatus: 200,
        responseExcerpt: 'started',
        error: 'timeout',
      })
    } finally {
      stalling.closeAllConnections()
      stalling.close()
    }
  })

  it('passes on Retry-After for the schedule to honour', async () => {
    receiver = await startWebhookReceiver(() => ({ status: 429, headers: { 'retry-after': '30' } }))
    expect(await sendWebhook(request(receiver.url))).toMatchObject({
      succeeded: false,
      responseStatus: 429,
      retryAfter: '30',
    })
  })
})
