import type { Server } from 'node:http'

/**
 * Counts the requests a server is answering, so that closing waits for them and for nothing else.
 * Node's `server.close()` alone also waits for connections that are open but idle or that never
 * sent a request (browsers and fetch open those ahead of time), which would hold a shutdown for
 * the whole grace period.
 */
export function trackRequests(server: Server) {
  let active = 0
  let whenIdle: (() => void) | null = null
  server.on('request', (_request, response) => {
    active++
    response.once('close', () => {
      active--
      if (active === 0) whenIdle?.()
    })
  })
  return {
    /** Stops taking connections, lets requests in flight finish (at most `graceMs`), closes the rest. */
    close(graceMs: number): Promise<void> {
      return new Promise((resolve) => {
        const closeAll = () => server.closeAllConnections()
        const force = setTimeout(closeAll, graceMs)
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        if (active === 0) closeAll()
        else whenIdle = closeAll
      })
    },
  }
}
