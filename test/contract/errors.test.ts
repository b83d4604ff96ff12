import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bodyDeadline } from '../../src/server/http/read-body'
import { createPerson } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

function expectEnvelope(body: any, code: string) {
  expect(Object.keys(body)).toEqual(['error'])
  expect(body.error.code).toBe(code)
  expect(typeof body.error.message).toBe('string')
  for (const key of Object.keys(body.error)) expect(['code', 'message', 'details']).toContain(key)
}

/** A raw request, for what fetch will not send (a foreign Host header). */
function rawRequest(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: any }> {
  const url = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let text = ''
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * What a socket answers to `text`, sent as is: for requests no HTTP client would make.
 * `keepOpen`: the socket stays open for writing, as a sender that stalls half-way leaves it.
 */
function socketRequest(
  port: number,
  text: string,
  { keepOpen = false }: { keepOpen?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      keepOpen ? socket.write(text) : socket.end(text),
    )
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

describe('error envelope', () => {
  it('every non-2xx response is {"error": {"code", "message", "details"?}}', async () => {
    const cases: [Promise<any>, number, string][] = [
      [server.api.get('/api/v1/people?pageSize=101'), 400, 'invalid_request'],
      [server.as(null).get('/api/v1/people'), 401, 'unauthorized'],
      [server.api.get('/api/app/v1/users'), 403, 'forbidden'],
      [server.api.get('/api/v1/people/00000000-0000-4000-8000-000000000000'), 404, 'not_found'],
      [server.api.get('/api/v1/nowhere'), 404, 'not_found'],
      [
        server.api.request('POST', '/api/v1/people', 'name=x', {
          'Content-Type': 'application/x-www-form-urlencoded',
        }),
        415,
        'unsupported_media_type',
      ],
    ]
    for (const [pending, status, code] of cases) {
      const response = await pending
      expect(response.status, code).toBe(status)
      expect(response.headers.get('content-type')).toMatch(/application\/json/)
      expectEnvelope(response.body, code)
    }
  })

  it('400 invalid_request carries details.field', async () => {
    const { body } = await server.api.post('/api/v1/people', { fullName: 'X', primaryEmail: 3 })
    expectEnvelope(body, 'invalid_request')
    expect(body.error.details.field).toBe('primaryEmail')
  })

  it('a 400 names the field and says what it must be', async () => {
    const json = { 'Content-Type': 'application/json' }
    const cases: [Promise<any>, string, string][] = [
      [server.api.post('/api/v1/people', { fullName: 5 }), 'fullName', 'must be a string'],
      [
        server.api.post('/api/v1/people', { fullName: 'X', tags: 'vip' }),
        'tags',
        'must be an array',
      ],
      [
        server.api.post('/api/v1/people', { fullName: 'X', ownerId: 'nope' }),
        'ownerId',
        'must be a UUID',
      ],
      [
        server.api.post('/api/v1/people', { fullName: 'X', lifecycleStage: 'won' }),
        'lifecycleStage',
        'must be one of lead, marketing_qualified, sales_qualified, opportunity, customer, evangelist',
      ],
      [server.api.post('/api/v1/deals', { title: 'X', value: '10' }), 'value', 'must be a number'],
      // JSON has no Infinity, yet 1e400 parses to it.
      [
        server.api.request('POST', '/api/v1/deals', '{"title":"X","value":1e400}', json),
        'value',
        'must be a finite number',
      ],
    ]
    for (const [pending, field, what] of cases) {
      const { status, body } = await pending
      expect(status, field).toBe(400)
      expectEnvelope(body, 'invalid_request')
      expect(body.error.details.field).toBe(field)
      expect(body.error.message).toBe(`${field} ${what}`)
    }
  })

  it('409 conflict for a duplicate primaryEmail', async () => {
    await createPerson(server.api, { primaryEmail: 'twice@example.com' })
    const { status, body } = await server.api.post('/api/v1/people', {
      fullName: 'Y',
      primaryEmail: 'twice@example.com',
    })
    expect(status).toBe(409)
    expectEnvelope(body, 'conflict')
  })

  it('malformed JSON gives 400', async () => {
    const { status, body } = await server.api.request(
      'POST',
      '/api/v1/people',
      '{"fullName": "A",',
      {
        'Content-Type': 'application/json',
      },
    )
    expect(status).toBe(400)
    expectEnvelope(body, 'malformed_json')
  })

  it('a body that is not JSON gives 415', async () => {
    for (const contentType of [
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
    ]) {
      const { status, body } = await server.api.request('PATCH', '/api/v1/people/x', 'hello', {
        'Content-Type': contentType,
      })
      expect(status, contentType).toBe(415)
      expectEnvelope(body, 'unsupported_media_type')
    }
  })

  it('a JSON media type with parameters written any way RFC 9110 allows is read as JSON', async () => {
    for (const contentType of [
      'application/json ;charset=utf-8',
      'application/json;',
      'application/json; foo',
      'APPLICATION/JSON; Charset="UTF-8"',
    ]) {
      const fullName = `Typed ${contentType}`
      const { status, body } = await server.api.request(
        'POST',
        '/api/v1/people',
        { fullName },
        {
          'Content-Type': contentType,
        },
      )
      expect(status, contentType).toBe(201)
      expect(body.fullName).toBe(fullName)
    }
  })

  it('a body that is not UTF-8 is a 400, never stored with replacement characters', async () => {
    const send = (bytes: Buffer, contentType = 'application/json') =>
      fetch(`${server.url}/api/v1/people`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': contentType },
        body: bytes,
      })
    const latin1 = Buffer.from('{"fullName":"Jos\xe9 Latin"}', 'latin1')
    for (const contentType of ['application/json', 'application/json; charset=iso-8859-1']) {
      const answer = await send(latin1, contentType)
      expect(answer.status, contentType).toBe(400)
      const body = (await answer.json()) as { error: { message: string } }
      expectEnvelope(body, 'malformed_json')
      expect(body.error.message).toContain('UTF-8')
    }
    const found = await server.admin.get('/api/app/v1/people?q=latin')
    expect(found.body.total).toBe(0)
    // A byte-order mark before UTF-8 JSON is let through (RFC 8259 lets a parser ignore it).
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"fullName":"José BOM"}'),
    ])
    const answer = await send(bom)
    expect(answer.status).toBe(201)
    expect(((await answer.json()) as { fullName: string }).fullName).toBe('José BOM')
  })

  it('a JSON body that is not an object gives 400', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const { status, body } = await server.api.request('POST', '/api/v1/people', payload, {
        'Content-Type': 'application/json',
      })
      expect(status, payload).toBe(400)
      expectEnvelope(body, 'invalid_request')
    }
  })

  it('an oversized body gives 413 and writes nothing', async () => {
    const before = (await server.api.get('/api/v1/people')).body.total
    const huge = JSON.stringify({ fullName: 'x'.repeat(1024 * 1024 + 10) })
    const { status, body } = await server.api.request('POST', '/api/v1/people', huge, {
      'Content-Type': 'application/json',
    })
    expect(status).toBe(413)
    expectEnvelope(body, 'payload_too_large')
    expect((await server.api.get('/api/v1/people')).body.total).toBe(before)
  })

  it('an oversized body sent without Content-Length (chunked) also gives 413', async () => {
    // node:http rather than fetch: the server answers before reading the whole body, which fetch
    // reports as a failed upload instead of showing the response.
    const url = new URL(server.url)
    const response = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/v1/people',
          method: 'POST',
          headers: {
            Authorization: `Bearer ${server.apiToken}`,
            'Content-Type': 'application/json',
            'Transfer-Encoding': 'chunked',
          },
        },
        (res) => {
          let text = ''
          res.on('data', (chunk) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
        },
      )
      req.on('error', reject)
      let sent = 0
      const write = () => {
        while (sent < 20) {
          sent++
          if (!req.write('x'.repeat(64 * 1024))) return void req.once('drain', write)
        }
        req.end()
      }
      write()
    })
    expect(response.status).toBe(413)
    expectEnvelope(response.body, 'payload_too_large')
  })

  it('an id of another workspace gives 404', async () => {
    const other = await server.otherWorkspace('Not yours')
    const theirs = await createPerson(other.admin)
    const { status, body } = await server.api.get(`/api/v1/people/${theirs.id}`)
    expect(status).toBe(404)
    expectEnvelope(body, 'not_found')
  })

  it('a method the path does not answer gives 405 with Allow; an unknown path still 404', async () => {
    const person = await createPerson(server.api)
    const cases: [string, string, string][] = [
      ['PUT', `/api/v1/people/${person.id}`, 'GET, HEAD, PATCH, DELETE'],
      ['POST', `/api/v1/people/${person.id}`, 'GET, HEAD, PATCH, DELETE'],
      ['DELETE', '/api/v1/people', 'GET, HEAD, POST'],
      ['PATCH', '/api/app/v1/users', 'GET, HEAD, POST'],
    ]
    for (const [method, path, allow] of cases) {
      const answer = await server.admin.request(method, path, {})
      expect(answer.status, `${method} ${path}`).toBe(405)
      expect(answer.headers.get('allow')).toBe(allow)
      expectEnvelope(answer.body, 'method_not_allowed')
      expect(answer.body.error.details.allowed).toEqual(allow.split(', '))
    }
    expect((await server.api.request('PUT', '/api/v1/nowhere', {})).status).toBe(404)
    // Who may ask comes first: without a token, the answer is still 401.
    expect((await server.as(null).request('PUT', `/api/v1/people/${person.id}`, {})).status).toBe(
      401,
    )
  })

  it('a Host header that is not ours is refused (DNS rebinding)', async () => {
    const refused = await rawRequest('/api/v1/people', {
      Host: 'attacker.example:80',
      Authorization: `Bearer ${server.apiToken}`,
    })
    expect(refused.status).toBe(403)
    expectEnvelope(refused.body, 'forbidden_host')
    const allowed = await rawRequest('/api/v1/people', {
      Host: `localhost:${new URL(server.url).port}`,
      Authorization: `Bearer ${server.apiToken}`,
    })
    expect(allowed.status).toBe(200)
  })

  it('a request without a Host, or with one that is not a host name, gets the error envelope', async () => {
    const port = new URL(server.url).port
    for (const head of [
      'GET /api/v1/people HTTP/1.0',
      'GET /api/v1/people HTTP/1.1',
      'GET /api/v1/people HTTP/1.1\r\nHost: localhost:' + port + ', attacker.example',
    ]) {
      const answer = await socketRequest(Number(port), `${head}\r\nConnection: close\r\n\r\n`)
      const [status, body] = [answer.split(' ')[1], answer.slice(answer.indexOf('\r\n\r\n') + 4)]
      expect(status, head).toBe('400')
      expectEnvelope(JSON.parse(body), 'malformed_request')
    }
  })

  it('paths joined by hand work (a doubled or trailing slash); the API never falls to the page', async () => {
    const pageDir = mkdtempSync(join(tmpdir(), 'outpost-page-'))
    writeFileSync(join(pageDir, 'index.html'), '<!doctype html><title>Outpost</title>')
    const withPage = await startTestServer({ uiDir: pageDir })
    try {
      const get = (path: string) =>
        fetch(`${withPage.url}${path}`, {
          headers: { Authorization: `Bearer ${withPage.apiToken}` },
        })
      for (const path of ['//api/v1/people', '/api/v1//people', '/api/v1/people/']) {
        const answer = await get(path)
        expect([path, answer.status]).toEqual([path, 200])
        expect(((await answer.json()) as { data: unknown[] }).data).toEqual([])
      }
      for (const path of ['/API/v1/people', '//api/v2/people', '/Webhooks/in/secret-token']) {
        const answer = await get(path)
        expect([path, answer.status, answer.headers.get('content-type')]).toEqual([
          path,
          404,
          'application/json',
        ])
        const body = (await answer.json()) as { error: { message: string } }
        expectEnvelope(body, 'not_found')
        // An inbound URL's token is a secret: the message never repeats it.
        expect(body.error.message).not.toContain('secret-token')
      }
      expect((await get('/people')).headers.get('content-type')).toMatch(/^text\/html/)
    } finally {
      await withPage.close()
      rmSync(pageDir, { recursive: true, force: true })
    }
  })

  it('what Node refuses before any route (raw letters beyond ASCII, huge headers) has the envelope', async () => {
    const port = Number(new URL(server.url).port)
    for (const [head, status, code] of [
      ['GET /api/v1/people?q=ação HTTP/1.1', '400', 'malformed_request'],
      [`GET /api/v1/people?q=${'a'.repeat(20_000)} HTTP/1.1`, '431', 'headers_too_large'],
    ] as const) {
      const answer = await socketRequest(port, `${head}\r\nHost: 127.0.0.1\r\n\r\n`)
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4)
      expect(answer.split(' ')[1], head.slice(0, 40)).toBe(status)
      expectEnvelope(JSON.parse(body), code)
    }
  })

  it('an empty JSON body is malformed_json, as an unparseable one is', async () => {
    const response = await fetch(`${server.url}/api/v1/people`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.apiToken}`, 'Content-Type': 'application/json' },
      body: '',
    })
    expect(response.status).toBe(400)
    expectEnvelope(await response.json(), 'malformed_json')
  })

  it('a body that stops arriving is answered 408 at the deadline, not held for minutes', async () => {
    const saved = bodyDeadline.ms
    bodyDeadline.ms = 300
    try {
      const port = Number(new URL(server.url).port)
      const answer = await socketRequest(
        port,
        `POST /api/v1/people HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${server.apiToken}` +
          `\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"fullName":`,
        { keepOpen: true },
      )
      expect(answer.split(' ')[1]).toBe('408')
      expectEnvelope(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), 'request_timeout')
    } finally {
      bodyDeadline.ms = saved
    }
  })

  it('an unexpected failure is a bare 500 internal, with no stack trace or SQL', async () => {
    const person = await createPerson(server.api)
    await sql`alter table person_tags rename to person_tags_gone`.execute(server.db)
    try {
      const { status, body, text } = await server.api.get(`/api/v1/people/${person.id}`)
      expect(status).toBe(500)
      expectEnvelope(body, 'internal')
      expect(body.error.details).toBeUndefined()
      expect(text).not.toMatch(/person_tags|select|sqlite|at .*\.ts|Error:/i)
    } finally {
      await sql`alter table person_tags_gone rename to person_tags`.execute(server.db)
    }
    expect((await server.api.get(`/api/v1/people/${person.id}`)).status).toBe(200)
  })
})
