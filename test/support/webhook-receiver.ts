import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** The raw body, exactly as sent. */
  body: string
}

export interface Reply {
  status: number
  headers?: Record<string, string>
  body?: string
}

/** Decides the answer to a request; may take as long as it likes (a promise). */
export type Responder = (request: ReceivedRequest, index: number) => Reply | Promise<Reply>

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hooks */
  url: string
  port: number
  /** Every request received, in arrival order. */
  received: ReceivedRequest[]
  respondWith(responder: Responder): void
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<void>
  close(): Promise<void>
}

/** A real HTTP server on 127.0.0.1 that records webhook deliveries; answers 204 unless told. */
export async function startWebhookReceiver(
  responder: Responder = () => ({ status: 204 }),
  port = 0,
): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  let respond = responder
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      const index = received.push(request) - 1
      for (const waiter of waiters.filter((candidate) => received.length >= candidate.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
      void Promise.resolve(respond(request, index)).then((reply) => {
        res.writeHead(reply.status, reply.headers)
        res.end(reply.body ?? '')
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const actualPort = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${actualPort}/hooks`,
    port: actualPort,
    received,
    respondWith: (next) => {
      respond = next
    },
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** A port on 127.0.0.1 where nothing listens: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const receiver = await startWebhookReceiver()
  await receiver.close()
  return receiver.port
}
