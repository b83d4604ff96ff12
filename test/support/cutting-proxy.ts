import { connect, createServer, type AddressInfo, type Socket } from 'node:net'

/** Where to cut a request that starts with `request` (its method and path: `POST /api/x`). */
export type Cut = { request: string; times?: number } & (
  { requestBytes: number } | { answerBytes: number }
)

export interface CuttingProxy {
  /** http://127.0.0.1:<port>: give this to the client instead of the server's address. */
  url: string
  /** Cuts the next `times` (1 unless said) such requests, each on its own connection. */
  cut(cut: Cut): void
  /** Resolves once `count` requests starting with `request` have passed through. */
  waitFor(request: string, count: number): Promise<void>
  close(): Promise<void>
}

/**
 * A TCP proxy on 127.0.0.1 in front of `127.0.0.1:<upstreamPort>` that cuts connections where a
 * test says: after the first bytes of a request (the server never has all of it), or after the first
 * bytes of its answer (the client never has all of it). The network fault a laptop meets on a
 * train, made on loopback. Requests are told apart by their request line, at the start of a chunk
 * the client writes (HTTP/1.1 clients write the head of a request in one piece).
 */
export async function startCuttingProxy(upstreamPort: number): Promise<CuttingProxy> {
  const cuts: (Cut & { times: number })[] = []
  // The request line of every request so far.
  const lines: string[] = []
  const count = (request: string) => lines.filter((line) => line.startsWith(request)).length
  const waiters: { request: string; count: number; resolve: () => void }[] = []
  const sockets = new Set<Socket>()

  function noteRequest(chunk: Buffer) {
    const line = chunk.subarray(0, 200).toString('latin1').split('\r\n', 1)[0]!
    if (!/^[A-Z]+ \/\S* HTTP\/1\.1$/.test(line)) return undefined
    lines.push(line)
    for (const waiter of waiters.splice(0)) {
      if (count(waiter.request) >= waiter.count) waiter.resolve()
      else waiters.push(waiter)
    }
    const index = cuts.findIndex((cut) => line.startsWith(cut.request))
    if (index < 0) return undefined
    const cut = cuts[index]!
    if (--cut.times === 0) cuts.splice(index, 1)
    return cut
  }

  const server = createServer((client) => {
    const upstream = connect(upstreamPort, '127.0.0.1')
    sockets.add(client).add(upstream)
    // Bytes still to let through before the connection is cut, each way; null: no cut armed.
    let requestLeft: number | null = null
    let answerLeft: number | null = null
    const cutNow = () => {
      client.destroy()
      upstream.destroy()
    }
    const pass = (to: Socket, chunk: Buffer, left: number | null): number | null => {
      if (left === null) {
        to.write(chunk)
        return null
      }
      if (chunk.length >= left) {
        to.write(chunk.subarray(0, left), cutNow)
        return 0
      }
      to.write(chunk)
      return left - chunk.length
    }
    client.on('data', (chunk: Buffer) => {
      const cut = noteRequest(chunk)
      if (cut && 'requestBytes' in cut) requestLeft = cut.requestBytes
      if (cut && 'answerBytes' in cut) answerLeft = cut.answerBytes
      requestLeft = pass(upstream, chunk, requestLeft)
    })
    upstream.on('data', (chunk: Buffer) => {
      answerLeft = pass(client, chunk, answerLeft)
    })
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      socket.on('error', () => other.destroy())
      socket.on('end', () => other.end())
      socket.on('close', () => {
        sockets.delete(socket)
        other.destroy()
      })
    }
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    cut: (cut) => void cuts.push({ ...cut, times: cut.times ?? 1 }),
    waitFor: (request, wanted) =>
      new Promise((resolve) => {
        if (count(request) >= wanted) resolve()
        else waiters.push({ request, count: wanted, resolve })
      }),
    close: () =>
      new Promise((closed) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => closed())
      }),
  }
}
