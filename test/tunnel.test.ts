import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBlackhole } from './support/blackhole'
import { requireBuiltCli, serve } from './support/cli'
import { startLocaltunnelServer, type LocaltunnelServer } from './support/localtunnel-server'
import { startTestServer, type TestServer } from './support/server'
import { closedPort } from './support/webhook-receiver'

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

/** A request as the internet would send it: to the tunnel server, for the tunnel's host name. */
function throughTunnel(
  publicUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const host = `${new URL(publicUrl).hostname}:${tunnelServer.port}`
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: tunnelServer.port,
        method,
        path,
        headers: {
          Host: host,
          ...headers,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => {
          let parsed: unknown = text
          try {
            parsed = JSON.parse(text)
          } catch {
            // keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed })
        })
      },
    )
    req.on('error', reject)
    req.end(body ? JSON.stringify(body) : undefined)
  })
}

/** How many sockets our tunnel client holds open to the tunnel server, by its status API. */
async function connectedSockets(): Promise<number> {
  const host = `localhost:${tunnelServer.port}`
  const { status, body } = await new Promise<{ status: number; body: string }>(
    (resolve, reject) => {
      request(
        {
          host: '127.0.0.1',
          port: tunnelServer.port,
          path: '/api/tunnels/outpost-e2e/status',
          headers: { Host: host },
        },
        (res) => {
          let text = ''
          res.on('data', (chunk) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        },
      )
        .on('error', reject)
        .end()
    },
  )
  return status === 404 ? 0 : (JSON.parse(body) as { connected_sockets: number }).connected_sockets
}

describe('tunnel', () => {
  it('is off by default and lists its providers with why they cannot run', async () => {
    const { status, body } = await server.admin.get('/api/app/v1/tunnel')
    expect(status).toBe(200)
    expect(body).toMatchObject({
      enabled: false,
      status: 'off',
      publicUrl: null,
      ngrokAuthtokenSet: false,
    })
    const providers = Object.fromEntries(body.providers.map((p: any) => [p.name, p]))
    expect(providers.localtunnel).toMatchObject({ available: true, reason: null })
    expect(providers.ngrok).toMatchObject({
      available: false,
      reason: expect.stringMatching(/authtoken/),
    })
  })

  it('an unavailable provider is a 422 naming it, and the tunnel stays off', async () => {
    const { status, body } = await server.admin.put('/api/app/v1/tunnel', {
      enabled: true,
      provider: 'ngrok',
    })
    expect(status).toBe(422)
    expect(body.error).toMatchObject({ code: 'tunnel_unavailable', details: { field: 'provider' } })
    expect((await server.admin.get('/api/app/v1/tunnel')).body.status).toBe('off')
  })

  it('exposes the inbound webhooks, and only them, through a real localtunnel server', async () => {
    const webhook = await server.admin.post('/api/app/v1/inbound-webhooks', {
      name: 'Website form',
      mapping: { fullName: '{{name}}', primaryEmail: '{{email}}' },
    })
    expect(webhook.status).toBe(201)

    const enabled = await server.admin.put('/api/app/v1/tunnel', {
      enabled: true,
      provider: 'localtunnel',
      localtunnelHost: tunnelServer.host,
      subdomain: 'outpost-e2e',
    })
    expect(enabled.status).toBe(200)
    expect(enabled.body).toMatchObject({
      enabled: true,
      status: 'connected',
      publicUrl: 'http://outpost-e2e.localhost',
    })
    const publicUrl: string = enabled.body.publicUrl

    const delivered = await throughTunnel(publicUrl, 'POST', webhook.body.path, {
      name: 'Tunnel Visitor',
      email: 'visitor@example.org',
    })
    expect(delivered.status).toBe(201)
    expect(delivered.body).toMatchObject({ ok: true, personId: expect.any(String) })
    const person = await server.api.get(`/api/v1/people/${delivered.body.personId}`)
    expect(person.body).toMatchObject({
      fullName: 'Tunnel Visitor',
      primaryEmail: 'visitor@example.org',
    })

    // Nothing else is reachable through the tunnel, even with a valid token.
    const bearer = { Authorization: `Bearer ${server.adminToken}` }
    for (const path of [
      '/api/v1/people',
      '/api/app/v1/tunnel',
      '/api/docs',
      '/api/v1/openapi.json',
      '/',
      '/login?token=x',
    ]) {
      const refused = await throughTunnel(publicUrl, 'GET', path, undefined, bearer)
      expect(refused.status, path).toBe(404)
      expect(refused.body.error?.code, path).toBe('not_found')
    }
    expect(
      (await throughTunnel(publicUrl, 'POST', '/api/v1/people', { fullName: 'Intruder' }, bearer))
        .status,
    ).toBe(404)

    // The setting is saved: a restart would bring the tunnel back.
    const saved = await server.db.selectFrom('tunnelSettings').selectAll().executeTakeFirstOrThrow()
    expect(saved).toMatchObject({ enabled: 1, provider: 'localtunnel', subdomain: 'outpost-e2e' })

    expect(await connectedSockets()).toBeGreaterThan(0)
    const disabled = await server.admin.put('/api/app/v1/tunnel', { enabled: false })
    expect(disabled.body).toMatchObject({ enabled: false, status: 'off', publicUrl: null })
    // The tunnel server no longer has a connection from us (it would hold a request, waiting).
    await expect.poll(connectedSockets, { timeout: 5_000 }).toBe(0)
  })

  it('the ngrok authtoken is stored but never returned', async () => {
    const { body } = await server.admin.put('/api/app/v1/tunnel', {
      ngrokAuthtoken: 'secret-ngrok-token',
    })
    expect(body.ngrokAuthtokenSet).toBe(true)
    expect(JSON.stringify(body)).not.toContain('secret-ngrok-token')
    expect((await server.admin.get('/api/app/v1/tunnel')).text).not.toContain('secret-ngrok-token')
  })

  it('api tokens cannot change the tunnel', async () => {
    expect((await server.api.put('/api/app/v1/tunnel', { enabled: true })).status).toBe(403)
  })

  it('outpost serve --tunnel brings it up for the run and prints its public URL', async () => {
    requireBuiltCli()
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-tunnel-cli-'))
    const running = await serve([
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--tunnel',
      'localtunnel',
      '--tunnel-host',
      tunnelServer.host,
      '--tunnel-subdomain',
      'outpost-cli',
    ])
    try {
      await expect
        .poll(running.output, { timeout: 10_000 })
        .toContain(
          'Tunnel up: http://outpost-cli.localhost (only /webhooks/in/... is reachable through it)',
        )
    } finally {
      expect(await running.stop()).toBe(0)
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

// "No network", without touching it: a tunnel server that accepts and never answers (a network
// that swallows packets), and one where nothing listens.
describe('tunnel with no network', () => {
  const turnOn = (localtunnelHost: string) =>
    fetch(`${server.url}/api/app/v1/tunnel`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        enabled: true,
        provider: 'localtunnel',
        localtunnelHost,
        subdomain: null,
      }),
      // The promise to the user: an answer within 15 seconds, whatever the network does.
      signal: AbortSignal.timeout(15_000),
    })
  const turnOff = () => server.admin.put('/api/app/v1/tunnel', { enabled: false })

  it('turning it on towards a server that never answers: a clear error within 15 s, state reconnecting', async () => {
    const hole = await startBlackhole()
    try {
      const response = await turnOn(hole.url)
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({
        enabled: true,
        status: 'reconnecting',
        publicUrl: null,
        failures: 1,
        lastError:
          `Could not reach the localtunnel server ${hole.url}: ` +
          'no answer within 10 seconds (is this computer offline?)',
        nextAttemptAt: expect.any(String),
      })
      // The attempt asked once and let go: nothing is left waiting on the silent server.
      expect(hole.requests).toBe(1)
      await expect.poll(() => hole.openRequests(), { timeout: 2_000 }).toBe(0)
    } finally {
      expect((await turnOff()).body.status).toBe('off')
      await hole.close()
    }
  })

  it('a server that refuses: a clear error at once, retried in the background until turned off', async () => {
    const port = await closedPort()
    const host = `http://127.0.0.1:${port}`
    const response = await turnOn(host)
    expect(await response.json()).toMatchObject({
      status: 'reconnecting',
      failures: 1,
      lastError: `Could not reach the localtunnel server ${host}: connection refused`,
    })
    // Retries after 1 s, then 2 s: still down, counted, each with its next try.
    await expect
      .poll(async () => (await server.admin.get('/api/app/v1/tunnel')).body.failures, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(3)
    const off = await turnOff()
    expect(off.body).toMatchObject({ status: 'off', failures: 0, nextAttemptAt: null })
  })

  it('outpost serve --tunnel towards a silent server prints why it is down and keeps serving', async () => {
    requireBuiltCli()
    const hole = await startBlackhole()
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-tunnel-offline-'))
    const running = await serve([
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--tunnel',
      'localtunnel',
      '--tunnel-host',
      hole.url,
    ])
    try {
      await expect
        .poll(running.output, { timeout: 15_000 })
        .toContain(
          `Tunnel down: Could not reach the localtunnel server ${hole.url}: no answer within ` +
            '10 seconds (is this computer offline?). Retrying in the background (next try at ',
        )
      expect((await fetch(`${running.url}/api/v1/people`)).status).toBe(401)
    } finally {
      expect(await running.stop()).toBe(0)
      await hole.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
