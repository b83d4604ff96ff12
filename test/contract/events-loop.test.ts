import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventsOf } from '../support/events'
import { createPerson } from '../support/fixtures'
import { createInboundWebhook } from '../support/inbound'
import { startLocaltunnelServer, type LocaltunnelServer } from '../support/localtunnel-server'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
let tunnelServer: LocaltunnelServer

beforeAll(async () => {
  tunnelServer = await startLocaltunnelServer()
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
  await tunnelServer?.close()
})

/** A POST as the internet sends it to the tunnel: to the tunnel server, for the tunnel's host. */
function postThroughTunnel(publicUrl: string, path: string, headers: Record<string, string>) {
  const host = `${new URL(publicUrl).hostname}:${tunnelServer.port}`
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: tunnelServer.port,
        method: 'POST',
        path,
        headers: { Host: host, 'Content-Type': 'application/json', ...headers },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify({ name: 'Through the tunnel' }))
  })
}

describe('loop protection through the tunnel', () => {
  it('a delivery of this Outpost’s own event that comes back through the tunnel is refused (508)', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: { fullName: '{{name}}' },
      dedupe: { strategy: 'none' },
    })
    const { status, body } = await server.admin.put('/api/app/v1/tunnel', {
      enabled: true,
      provider: 'localtunnel',
      localtunnelHost: tunnelServer.host,
      subdomain: 'outpost-loop',
    })
    expect(status).toBe(200)
    try {
      const [event] = await eventsOf(server.api, () => createPerson(server.api))
      const caused = await eventsOf(server.api, async () => {
        const looped = await postThroughTunnel(body.publicUrl, webhook.path, {
          'webhook-id': event.id,
        })
        expect(looped.status).toBe(508)
        expect(JSON.parse(looped.text).error.code).toBe('loop_detected')
      })
      expect(caused).toEqual([])
      // Anyone else's request still goes through, Standard Webhooks headers or not.
      const other = await postThroughTunnel(body.publicUrl, webhook.path, {
        'webhook-id': 'msg_from_another_sender',
      })
      expect(other.status).toBe(201)
    } finally {
      await server.admin.put('/api/app/v1/tunnel', { enabled: false })
    }
  })
})
