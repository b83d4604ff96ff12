import { createServer, type AddressInfo, type Socket } from 'node:net'

export interface Blackhole {
  port: number
  /** http://127.0.0.1:<port> */
  url: string
  /** How many connections have sent something (a request) so far. */
  requests: number
  /** Requests still waiting, connection open, for an answer that never comes. */
  openRequests(): number
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number): Promise<void>
  close(): Promise<void>
}

/**
 * A TCP server on 127.0.0.1 that accepts every connection, reads what it is sent and never answers:
 * the "host that hangs" (a stalled endpoint, a network that swallows packets) without touching the
 * internet. Only connections that send bytes count as requests: an HTTP client may open a spare
 * connection it never uses.
 */
export async function startBlackhole(): Promise<Blackhole> {
  const sockets = new Set<Socket>()
  const asked = new Set<Socket>()
  const waiters: { count: number; resolve: () => void }[] = []
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.on('close', () => {
      sockets.delete(socket)
      asked.delete(socket)
    })
    socket.once('data', () => {
      asked.add(socket)
      hole.requests += 1
      for (const waiter of waiters.filter((candidate) => hole.requests >= candidate.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    })
    socket.on('data', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const hole: Blackhole = {
    port,
    url: `http://127.0.0.1:${port}`,
    requests: 0,
    openRequests: () => asked.size,
    waitForRequests: (count) =>
      hole.requests >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
  return hole
}
