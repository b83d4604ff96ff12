import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { finishReadingBody } from './unread-body'

// Small limits, so that each one is reached in a moment.
const limits = { maxBytes: 64 * 1024, totalMs: 1_000, idleMs: 300 }
let server: Server
let port: number

beforeAll(async () => {
  // Answers without reading the body, as a 401 or a 413 does.
  const app = new Hono()
    .use('*', finishReadingBody(limits))
    .post('/', (c) => c.text('refused', 413))
  server = createServer(getRequestListener(app.fetch))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

interface Exchange {
  socket: Socket
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>
}

function open(head: string): Exchange {
  const socket = connect(port, '127.0.0.1')
  let raw = ''
  socket.on('data', (chunk: Buffer) => (raw += chunk.toString()))
  const closed = new Promise<string>((resolve, reject) => {
    socket.on('close', () => resolve(raw))
    socket.on('error', reject)
  })
  socket.write(`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}\r\n`)
  return { socket, closed }
}

describe('finishReadingBody', () => {
  it('answers a sender that stalls mid-body once it has been idle too long, and closes', async () => {
    const { socket, closed } = open('Content-Length: 10000\r\n')
    socket.write('x'.repeat(100))
    const raw = await closed
    expect(raw).toMatch(/^HTTP\/1\.1 413 /)
    expect(raw).toMatch(/\r\nconnection: close\r\n/i)
  })

  it('answers a sender that trickles past the total time, and closes', async () => {
    const { socket, closed } = open('Content-Length: 10000\r\n')
    const trickle = setInterval(() => socket.write('x'), 50)
    const raw = await closed.finally(() => clearInterval(trickle))
    expect(raw).toMatch(/^HTTP\/1\.1 413 /)
    expect(raw).toMatch(/\r\nconnection: close\r\n/i)
  })

  it('stops reading a chunked body past the byte limit, answers and closes', async () => {
    const { socket, closed } = open('Transfer-Encoding: chunked\r\n')
    const chunk = 'x'.repeat(16 * 1024)
    for (let i = 0; i < 8; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
    const raw = await closed
    expect(raw).toMatch(/^HTTP\/1\.1 413 /)
    expect(raw).toMatch(/\r\nconnection: close\r\n/i)
  })

  it('reads a body within the limits to its end and keeps the connection for the next request', async () => {
    const { socket, closed } = open('Content-Length: 20000\r\n')
    socket.write('x'.repeat(20000))
    socket.write(
      'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    )
    const raw = await closed
    expect(raw.match(/HTTP\/1\.1 413 /g)).toHaveLength(2)
    expect(raw.split('\r\n\r\n')[0]).not.toMatch(/connection: close/i)
  })
})
