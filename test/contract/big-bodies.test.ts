import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInboundWebhook } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

// Clients that write a whole 8 MiB body before they read the answer must still get the 413,
// not a reset connection (RFC 9112, section 9.6).

let server: TestServer
let folder: string
let bodyFile: string
let targets: { name: string; path: string; token: string | null }[]
const eightMiB = Buffer.from(JSON.stringify({ fullName: 'x'.repeat(8 * 1024 * 1024) }))

beforeAll(async () => {
  server = await startTestServer()
  folder = mkdtempSync(join(tmpdir(), 'outpost-big-'))
  bodyFile = join(folder, 'big.json')
  writeFileSync(bodyFile, eightMiB)
  const webhook = await createInboundWebhook(server, { mapping: { fullName: '{{fullName}}' } })
  targets = [
    { name: 'REST', path: '/api/v1/people', token: server.apiToken },
    { name: 'management', path: '/api/app/v1/companies', token: server.adminToken },
    { name: 'inbound', path: webhook.path, token: null },
  ]
})
afterAll(async () => {
  await server.close()
  rmSync(folder, { recursive: true, force: true })
})

interface Answer {
  status: number
  body: any
}

function expect413(answer: Answer, where: string) {
  expect(answer.status, where).toBe(413)
  expect(answer.body, where).toEqual({
    error: {
      code: 'payload_too_large',
      message: 'Request body is larger than 1048576 bytes',
      details: { limitBytes: 1048576 },
    },
  })
}

function headersFor(token: string | null): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  }
}

/** Splits a raw HTTP/1.1 answer into status and JSON body. */
function parseRaw(raw: string): Answer {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1])
  const text = raw.slice(raw.indexOf('\r\n\r\n') + 4)
  const chunked = /\r\ntransfer-encoding: chunked\r\n/i.test(raw.slice(0, raw.indexOf('\r\n\r\n')))
  const json = chunked ? text.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '') : text
  return { status, body: JSON.parse(json) }
}

/**
 * A client that writes the request line, headers and the whole body, and only once all of it
 * is written starts to read: what urllib and many scripts do. Any reset is an error.
 */
function writeThenRead(
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  pauseMs = 0,
): Promise<Answer> {
  const url = new URL(server.url)
  return new Promise<Answer>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname)
    socket.pause()
    const head = Object.entries({
      Host: url.host,
      'Content-Length': String(body.length),
      Connection: 'close',
      ...headers,
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')
    socket.on('error', reject)
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`)
    const read = () => {
      let raw = ''
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString()))
      socket.on('end', () => resolve(parseRaw(raw)))
      socket.resume()
    }
    // In 16 parts, `pauseMs` apart: a sender on a slow link.
    const part = Math.ceil(body.length / 16)
    const writeFrom = (offset: number) => {
      const last = offset + part >= body.length
      socket.write(body.subarray(offset, offset + part), (error) => {
        if (error) return
        if (last) read()
        else setTimeout(() => writeFrom(offset + part), pauseMs)
      })
    }
    writeFrom(0)
  })
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(command, args, { maxBuffer: 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} failed: ${stderr || error.message}`)) : resolve(stdout),
    ),
  )
}

function hasCommand(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

const pythonClient = `
import json, sys, urllib.request, urllib.error
url, token, path = sys.argv[1], sys.argv[2], sys.argv[3]
headers = {'Content-Type': 'application/json'}
if token: headers['Authorization'] = 'Bearer ' + token
request = urllib.request.Request(url, data=open(path, 'rb').read(), method='POST', headers=headers)
try:
    response = urllib.request.urlopen(request)
    print(json.dumps({'status': response.status, 'body': json.load(response)}))
except urllib.error.HTTPError as error:
    print(json.dumps({'status': error.code, 'body': json.load(error)}))
`

describe('a body over the limit, written whole before the answer is read', () => {
  it('Node fetch (undici) receives the 413 JSON error on REST, management and inbound routes', async () => {
    for (const target of targets) {
      const response = await fetch(server.url + target.path, {
        method: 'POST',
        headers: headersFor(target.token),
        body: eightMiB,
      })
      expect413({ status: response.status, body: await response.json() }, target.name)
    }
  })

  it('a client that reads only after writing everything receives the 413', async () => {
    for (const target of targets) {
      expect413(await writeThenRead(target.path, headersFor(target.token), eightMiB), target.name)
    }
  })

  it('a slow sender gets the answer given before its body was read (401, 404), not a reset', async () => {
    const unauthorized = await writeThenRead(
      '/api/v1/people',
      headersFor('op_not-a-token'),
      eightMiB,
      100,
    )
    expect(unauthorized.status).toBe(401)
    expect(unauthorized.body.error.code).toBe('unauthorized')
    const unknown = await writeThenRead('/webhooks/in/in_unknown', headersFor(null), eightMiB, 100)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('not_found')
  })

  it('curl receives the 413', async () => {
    for (const target of targets) {
      const header = Object.entries(headersFor(target.token)).flatMap(([name, value]) => [
        '-H',
        `${name}: ${value}`,
      ])
      const out = await run('curl', [
        '-sS',
        '-w',
        '\n%{http_code}',
        '-X',
        'POST',
        ...header,
        '--data-binary',
        `@${bodyFile}`,
        server.url + target.path,
      ])
      const [text, status] = out.split(/\n(?=\d{3}$)/)
      expect413({ status: Number(status), body: JSON.parse(text!) }, target.name)
    }
  })

  // Python is not a dependency of the project; where it is installed, its urllib is the
  // best-known client that writes first and reads after.
  const pythonClients = hasCommand('python3') ? ['python3'] : []
  it.each(pythonClients)('%s urllib receives the 413', async (python) => {
    for (const target of targets) {
      const out = await run(python, [
        '-c',
        pythonClient,
        server.url + target.path,
        target.token ?? '',
        bodyFile,
      ])
      expect413(JSON.parse(out) as Answer, target.name)
    }
  })

  it('the connection stays usable after the 413 when the whole body arrived', async () => {
    const response = await fetch(server.url + '/api/v1/people', {
      method: 'POST',
      headers: headersFor(server.apiToken),
      body: eightMiB,
    })
    expect(response.status).toBe(413)
    expect(response.headers.get('connection')).not.toBe('close')
  })

  it('a body announced far past what is worth reading is refused at once, and the connection closed', async () => {
    const url = new URL(server.url)
    const answer = await new Promise<{ raw: string; closed: boolean }>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname)
      let raw = ''
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString()))
      socket.on('close', () => resolve({ raw, closed: true }))
      socket.on('error', reject)
      socket.write(
        `POST /api/v1/people HTTP/1.1\r\nHost: ${url.host}\r\n` +
          `Authorization: Bearer ${server.apiToken}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${10 * 1024 ** 3}\r\n\r\n{"fullName":"`,
      )
      // Then nothing more: a sender this slow must not hold the connection open.
    })
    expect(answer.closed).toBe(true)
    expect(answer.raw).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer.raw).toMatch(/\r\nconnection: close\r\n/i)
  })
})

describe('compressed bodies (Content-Encoding)', () => {
  const send = (path: string, token: string | null, body: Buffer, encoding: string) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { ...headersFor(token), 'Content-Encoding': encoding },
      body,
    })

  it('are read as the sender meant them: gzip, deflate and br, on every API', async () => {
    // The management target makes companies (a name); the others people (a fullName).
    const json = (target: string, name: string) =>
      Buffer.from(JSON.stringify(target === 'management' ? { name } : { fullName: name }))
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      for (const target of targets) {
        const answer = await send(
          target.path,
          target.token,
          compress(json(target.name, `Zip ${encoding}`)),
          encoding,
        )
        expect(answer.status, `${target.name} ${encoding}`).toBe(201)
      }
    }
    const { body } = await server.api.get('/api/v1/people?pageSize=100')
    expect(
      body.data.filter((person: { fullName: string }) => person.fullName.startsWith('Zip')),
    ).toHaveLength(6)
  })

  it('a bomb is refused at the limit of what it expands to; broken or unknown data is named', async () => {
    // 1 KiB of gzip that expands to 64 MiB.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 32))
    expect(bomb.length).toBeLessThan(100 * 1024)
    for (const target of targets) {
      const tooBig = await send(target.path, target.token, bomb, 'gzip')
      expect(tooBig.status, target.name).toBe(413)
      const broken = await send(target.path, target.token, Buffer.from('{"fullName":"x"}'), 'gzip')
      expect(broken.status, target.name).toBe(400)
      const { error } = (await broken.json()) as { error: { details: { field: string } } }
      expect(error.details.field).toBe('Content-Encoding')
      const unknown = await send(target.path, target.token, Buffer.from('{}'), 'zstd')
      expect(unknown.status, target.name).toBe(415)
    }
  })
})
