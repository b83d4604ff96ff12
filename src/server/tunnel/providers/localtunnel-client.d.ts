// The localtunnel package's own client class. Its public function retries an unreachable server
// every second, forever and beyond close(); Outpost registers by itself (with a deadline) and
// hands the answer to this class, which then keeps the tunnel's sockets.
declare module 'localtunnel/lib/Tunnel.js' {
  import type { EventEmitter } from 'node:events'
  import type localtunnel from 'localtunnel'

  export default class Tunnel extends EventEmitter {
    constructor(options: localtunnel.TunnelConfig & { port: number })
    url: string
    _init(done: (error: Error | null, info?: unknown) => void): void
    _getInfo(registration: unknown): unknown
    open(done: (error?: Error) => void): void
    close(): void
  }
}
