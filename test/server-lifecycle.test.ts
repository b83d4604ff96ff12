import { connect } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApiToken } from '../src/server/auth/service'
import { silentLogger } from '../src/server/logger'
import { startServer } from '../src/server/server'
import { ensureDefaultWorkspace } from '../src/server/workspace-store'
import { closedPort } from './support/webhook-receiver'

describe('server shutdown', () => {
  it('does not wait for connections that never sent a request', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-close-'))
    const server = await startServer({ dataDir, port: 0, logger: silentLogger })
    const idle = connect(server.port, '127.0.0.1')
    idle.on('error', () => {}) // the server resets it, as it should
    await new Promise((resolve) => idle.once('connect', resolve))
    const closedByServer = new Promise((resolve) => idle.once('close', resolve))
    const started = Date.now()
    await server.close()
    await closedByServer
    // The grace period for requests in flight is 5 s; with none in flight, closing is immediate.
    expect(Date.now() - started).toBeLessThan(2_000)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('lets a request in flight finish before closing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-close-'))
    const server = await startServer({ dataDir, port: 0, logger: silentLogger })
    const socket = connect(server.port, '127.0.0.1')
    socket.on('error', () => {}) // closed by the server once its answer is sent
    await new Promise((resolve) => socket.once('connect', resolve))
    let response = ''
    socket.on('data', (chunk) => (response += chunk))
    const ended = new Promise((resolve) => socket.once('close', resolve))
    // The request is under way (headers sent, body not yet) when the server starts to close.
    socket.write(
      'POST /api/v1/people HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n',
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    const closing = server.close()
    socket.end('{"fullName": "Late"}')
    await closing
    await ended
    expect(response).toMatch(/^HTTP\/1\.1 401 /)
    rmSync(dataDir, { recursive: true, force: true })
  })
})

describe('the running server, as the desktop app uses it', () => {
  it('turns the tunnel on and off and saves the choice, with no database handle in the caller', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-desktop-tunnel-'))
    const server = await startServer({ dataDir, port: 0, logger: silentLogger })
    try {
      const workspace = await ensureDefaultWorkspace(server.db, new Date())
      const { token } = await createApiToken(
        server.db,
        workspace.id,
        { name: 'test', scope: 'admin' },
        new Date(),
      )
      const tunnelSettings = (method: string, body?: unknown) =>
        fetch(`${server.url}/api/app/v1/tunnel`, {
          method,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then((response) => response.json())
      // Settings > Tunnel chose a tunnel server that refuses, so nothing leaves this machine.
      const host = `http://127.0.0.1:${await closedPort()}`
      await tunnelSettings('PUT', {
        enabled: false,
        provider: 'localtunnel',
        localtunnelHost: host,
      })

      const on = await server.setTunnelEnabled(true)
      expect(on.status).toBe('reconnecting')
      expect(await tunnelSettings('GET')).toMatchObject({ enabled: true, localtunnelHost: host })

      const off = await server.setTunnelEnabled(false)
      expect(off.status).toBe('off')
      expect(await tunnelSettings('GET')).toMatchObject({ enabled: false, status: 'off' })
    } finally {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
