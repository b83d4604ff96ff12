import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxJsonDepth } from '../../src/server/http/json-text'
import { createPerson, createDeal, salesPipeline } from '../support/fixtures'
import { createInboundWebhook, deliver } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

// No input gives a 500. Every route of both OpenAPI documents (so that a new route is covered
// without touching this file) and the inbound webhooks get hostile bodies, query strings and path
// values: JSON nested far too deep, control characters, lone surrogates, broken percent-encoding.
// Each answer must be below 500 and, when an error, the error envelope.

let server: TestServer
let operations: Operation[]
const ids: Record<string, string> = {}
let webhookPath: string

interface Operation {
  method: string
  /** The path template with its base: `/api/v1/people/{id}`. */
  template: string
  pathParams: string[]
  queryParams: string[]
  body: 'json' | 'multipart' | null
  /** Top-level property names of the JSON or multipart body. */
  properties: string[]
}

type Schema = Record<string, unknown>

function resolve(schema: Schema, document: Schema): Schema {
  const ref = schema.$ref
  if (typeof ref !== 'string') return schema
  const name = ref.replace('#/components/schemas/', '')
  return ((document.components as Schema).schemas as Record<string, Schema>)[name]!
}

function propertyNames(schema: Schema | undefined, document: Schema, depth = 0): string[] {
  if (!schema || depth > 5) return []
  const resolved = resolve(schema, document)
  const own = Object.keys((resolved.properties as Schema | undefined) ?? {})
  const members = ['allOf', 'anyOf', 'oneOf'].flatMap(
    (key) => (resolved[key] as Schema[] | undefined) ?? [],
  )
  return [...new Set([...own, ...members.flatMap((m) => propertyNames(m, document, depth + 1))])]
}

async function operationsOf(base: string): Promise<Operation[]> {
  const document = (await (await fetch(`${server.url}${base}/openapi.json`)).json()) as Schema
  const paths = document.paths as Record<string, Record<string, Schema>>
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = (operation.parameters as { name: string; in: string }[] | undefined) ?? []
      const content = ((operation.requestBody as Schema | undefined)?.content ?? {}) as Record<
        string,
        { schema?: Schema }
      >
      const body = content['application/json']
        ? 'json'
        : content['multipart/form-data']
          ? 'multipart'
          : null
      const schema = (content['application/json'] ?? content['multipart/form-data'])?.schema
      return {
        method: method.toUpperCase(),
        template: base + path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body,
        properties: propertyNames(schema, document),
      } satisfies Operation
    }),
  )
}

/** The id of a real record for a path parameter, so that requests reach the route's own code. */
function realId(template: string, param: string): string {
  if (param === 'code') return 'USD'
  if (param === 'stageId') return ids.stage!
  if (param === 'deliveryId') return ids.delivery!
  if (param === 'key') return 'visit'
  const resource = /\/api\/(?:app\/)?v1\/([a-z-]+)\//.exec(template)?.[1] ?? ''
  const id = ids[resource]
  if (!id) throw new Error(`no fixture for ${template} {${param}}`)
  return id
}

function fill(operation: Operation, value: (param: string) => string): string {
  return operation.pathParams.reduce(
    (path, param) => path.replace(`{${param}}`, value(param)),
    operation.template,
  )
}

interface Answer {
  status: number
  body: any
}

async function send(
  method: string,
  path: string,
  body?: { text?: string; form?: FormData; contentType?: string },
  token: string | null = server.adminToken,
): Promise<Answer> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {}
  if (body?.text !== undefined) headers['Content-Type'] = body.contentType ?? 'application/json'
  const response = await fetch(server.url + path, {
    method,
    headers,
    body: body?.form ?? body?.text,
  })
  // An event stream that opened never ends: its status is all there is to check.
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel()
    return { status: response.status, body: undefined }
  }
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON: an error answer fails the envelope check below
  }
  return { status: response.status, body: parsed }
}

function expectHandled(answer: Answer, what: string) {
  expect(answer.status, what).toBeLessThan(500)
  if (answer.status < 400) return
  expect(Object.keys(answer.body ?? {}), what).toEqual(['error'])
  const { error } = answer.body
  expect(typeof error.code, what).toBe('string')
  expect(typeof error.message, what).toBe('string')
  for (const key of Object.keys(error)) expect(['code', 'message', 'details'], what).toContain(key)
}

const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const deepObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

// Hostile values, always invalid wherever they go, so that no fuzzed request changes settings
// such as the rate limit or the tunnel: deep JSON, control characters, lone surrogates, odd
// numbers, text that looks like syntax somewhere (FTS, SQL, templates).
const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f))
  .map((code) => String.fromCharCode(code))
const anyUtf16 = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 20,
})
const hostileText = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 6 }), controlCharacter, fc.string({ maxLength: 6 }))
    .map(([before, control, after]) => before + control + after),
  fc.constantFrom('\ud800', 'a\udc00b', '"', '*', 'NEAR(a b)', "'; drop table people; --", '{{'),
  anyUtf16.map((text) => `${text}\u0000`),
)
const deepText = fc
  .tuple(fc.integer({ min: maxJsonDepth + 1, max: 100_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? deepArrays(depth) : deepObjects(depth)))
const hostileJsonValue: fc.Arbitrary<string> = fc.oneof(
  deepText,
  hostileText.map((text) => JSON.stringify(text)),
  fc.constantFrom('1e400', '-1', '0.5', '9007199254740993', '-0', 'null', '{}', '[]'),
  fc.array(hostileText, { minLength: 1, maxLength: 3 }).map((items) => JSON.stringify(items)),
  hostileText.map((text) => JSON.stringify({ [text]: text })),
)

/** A JSON body text: an object of the operation's properties with hostile values, or worse. */
function hostileBody(properties: string[]): fc.Arbitrary<string> {
  const keys = properties.length > 0 ? properties : ['value']
  const object = fc
    .uniqueArray(fc.tuple(fc.constantFrom(...keys), hostileJsonValue), {
      minLength: 1,
      maxLength: Math.min(keys.length, 4),
      selector: ([key]) => key,
    })
    .map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`)}}`)
  return fc.oneof(
    { weight: 4, arbitrary: object },
    { weight: 1, arbitrary: deepText },
    { weight: 1, arbitrary: hostileText },
  )
}

// Query values and path segments as they appear on the wire, percent-encoded or broken.
const brokenEncodings = [
  '%00',
  'a%00b',
  '%1F',
  '%7F',
  '%ED%A0%80',
  '%zz',
  '%',
  '%E0%A4%A',
  '%C0%AF',
]
const hostileWireText = fc.oneof(
  fc.constantFrom(...brokenEncodings),
  hostileText.map((text) => encodeURIComponent(text.replace(/\p{Cs}/gu, ''))),
  anyUtf16.map((text) => encodeURIComponent(text.replace(/\p{Cs}/gu, ''))),
)
const hostileSegments = [...brokenEncodings, 'x'.repeat(3000), '%F0%9F%98%80', "'", 'null', '-1']

beforeAll(async () => {
  server = await startTestServer()
  const raised = await server.admin.patch('/api/app/v1/workspace', { rateLimitPerMinute: 100_000 })
  expect(raised.status).toBe(200)
  const post = async (path: string, body: unknown) => {
    const { status, body: created } = await server.admin.post(path, body)
    if (status !== 201) throw new Error(`${path}: ${status} ${JSON.stringify(created)}`)
    return created.id as string
  }
  const pipeline = await salesPipeline(server.admin)
  ids.people = (await createPerson(server.admin)).id
  ids.deals = (await createDeal(server.admin, pipeline)).id
  ids.pipelines = pipeline.id
  ids.stage = pipeline.open.id
  ids.users = await post('/api/app/v1/users', { name: 'Owner', email: 'owner@example.com' })
  ids.companies = await post('/api/app/v1/companies', { name: 'Acme', domain: 'acme.example' })
  ids['lost-reasons'] = await post('/api/app/v1/lost-reasons', { name: 'Too dear' })
  ids.tokens = await post('/api/app/v1/tokens', { name: 'spare', scope: 'api' })
  ids.members = await post('/api/app/v1/members', { email: 'member@example.com', role: 'member' })
  ids.activities = await post('/api/v1/activities', { subject: 'Call back', dueDate: '2026-12-01' })
  ids.notes = await post('/api/v1/notes', { body: 'A note', personId: ids.people })
  ids.events = (await server.admin.get('/api/v1/events?limit=1')).body.data[0].id
  await post('/api/app/v1/activity-types', { key: 'visit', name: 'Visit' })
  ids['saved-views'] = await post('/api/app/v1/saved-views', {
    resource: 'deals',
    name: 'Open',
    query: 'status=open',
  })
  ids['webhook-subscriptions'] = await post('/api/app/v1/webhook-subscriptions', {
    url: 'http://127.0.0.1:9/hook',
    eventTypes: ['*'],
  })
  // Two webhooks: the management routes' fuzz may change the first one's settings.
  const managed = await createInboundWebhook(server, { mapping: { fullName: '{{name}}' } })
  ids['inbound-webhooks'] = managed.id
  expect((await deliver(server, managed.path, { name: 'Logged' })).status).toBe(201)
  const log = await server.admin.get(`/api/app/v1/inbound-webhooks/${managed.id}/deliveries`)
  ids.delivery = log.body.data[0].id
  const webhook = await createInboundWebhook(server, {
    mapping: {
      fullName: '{{name}}',
      primaryEmail: '{{email}}',
      tags: ['{{tag}}'],
      'customFields.extra': '{{extra}}',
      leadSource: 'form {{source}}',
    },
  })
  webhookPath = webhook.path
  operations = [...(await operationsOf('/api/v1')), ...(await operationsOf('/api/app/v1'))]
})
afterAll(() => server.close())

describe('every route of /api/v1 and /api/app/v1', () => {
  it('is read from the OpenAPI documents', () => {
    // A broken document must not make the sweeps below pass by testing nothing.
    expect(operations.length).toBeGreaterThan(60)
    expect(operations.filter((operation) => operation.body === 'json').length).toBeGreaterThan(20)
  })

  it(`refuses a JSON body nested deeper than ${maxJsonDepth} levels, anywhere in it, with a 400`, async () => {
    for (const operation of operations.filter((candidate) => candidate.body === 'json')) {
      const path = fill(operation, (param) => realId(operation.template, param))
      const inside = operation.properties[0] ?? 'value'
      for (const text of [
        deepArrays(100_000),
        `{${JSON.stringify(inside)}:${deepObjects(5_000)}}`,
        `{${JSON.stringify(inside)}:{"payload":${deepArrays(maxJsonDepth)}}}`,
      ]) {
        const what = `${operation.method} ${operation.template}`
        const answer = await send(operation.method, path, { text })
        expect(answer.status, what).toBe(400)
        expect(answer.body.error, what).toMatchObject({
          code: 'invalid_request',
          details: { maxDepth: maxJsonDepth },
        })
      }
    }
  })

  it('refuses a query parameter with a control character or broken encoding, naming it', async () => {
    for (const operation of operations) {
      const path = fill(operation, () => '00000000-0000-4000-8000-000000000000')
      const name = operation.queryParams[0] ?? 'q'
      for (const value of brokenEncodings) {
        const what = `${operation.method} ${operation.template}?${name}=${value}`
        const answer = await send(operation.method, `${path}?${name}=${value}`)
        expect(answer.status, what).toBe(400)
        expect(answer.body.error, what).toMatchObject({
          code: 'invalid_request',
          details: { field: name },
        })
      }
    }
  })

  it('people search: NUL and other controls in q or a filter are a 400 naming it (was a 500)', async () => {
    for (const [name, value] of [
      ['q', '%00abc'],
      ['q', 'abc%00'],
      ['q', 'ana%09souza'],
      ['tag', '%01'],
      ['q', '%ED%A0%80'],
    ] as const) {
      const answer = await send('GET', `/api/app/v1/people?${name}=${value}`)
      expect(answer.status, value).toBe(400)
      expect(answer.body.error, value).toMatchObject({ details: { field: name } })
    }
    expect((await send('GET', '/api/app/v1/people?q=ana%20souza')).status).toBe(200)
  })

  it('answers hostile path values with an error envelope, never a 500', async () => {
    for (const operation of operations.filter((candidate) => candidate.pathParams.length > 0)) {
      for (const segment of hostileSegments) {
        const answer = await send(
          operation.method,
          fill(operation, () => segment),
          operation.body === 'json' ? { text: '{}' } : undefined,
        )
        expectHandled(answer, `${operation.method} ${operation.template} with ${segment}`)
      }
    }
  })

  it('property: hostile bodies on every route with a body never give a 500', async () => {
    const withBody = operations.filter((operation) => operation.body === 'json')
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...withBody)
          .chain((operation) =>
            fc.tuple(fc.constant(operation), hostileBody(operation.properties)),
          ),
        async ([operation, text]) => {
          const path = fill(operation, (param) => realId(operation.template, param))
          expectHandled(
            await send(operation.method, path, { text }),
            `${operation.method} ${path} ${text.slice(0, 200)}`,
          )
        },
      ),
      { numRuns: 120 },
    )
  })

  it('property: hostile query strings on every read never give a 500', async () => {
    const reads = operations.filter((operation) => operation.method === 'GET')
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...reads)
          .chain((operation) =>
            fc.tuple(
              fc.constant(operation),
              fc.array(
                fc.tuple(fc.constantFrom(...operation.queryParams, 'q', 'x'), hostileWireText),
                { minLength: 1, maxLength: 3 },
              ),
            ),
          ),
        async ([operation, query]) => {
          const path = fill(operation, (param) => realId(operation.template, param))
          const search = query.map(([name, value]) => `${name}=${value}`).join('&')
          expectHandled(await send('GET', `${path}?${search}`), `GET ${path}?${search}`)
        },
      ),
      { numRuns: 80 },
    )
  })

  it('property: a CSV import with hostile cells and mapping never gives a 500', async () => {
    const imports = operations.filter((operation) => operation.body === 'multipart')
    expect(imports.length).toBeGreaterThan(0)
    // Cells stay small: after a stray quote the CSV parser reports one error per character of
    // the rest of the file, each quoting the text so far (issue 10, point 4), which a large
    // cell turns into gigabytes.
    const deepCell = fc
      .integer({ min: maxJsonDepth + 1, max: 300 })
      .map((depth) => deepObjects(depth))
    const cell = fc.oneof(hostileText, deepCell, fc.constantFrom('"', '""', '"a"b', '\r', '\n'))
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...imports),
        fc.array(fc.array(cell, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        fc.oneof(
          hostileBody(['fullName', 'primaryEmail', 'customFields.x', 'mapping', 'tags']),
          fc.constant('{"fullName":"{{Name}}","customFields.x":"{{X}}","tags":["{{Tag}}"]}'),
        ),
        async (operation, rows, mapping) => {
          const csv = ['Name,X,Tag', ...rows.map((row) => row.join(','))].join('\n')
          const form = new FormData()
          form.set('file', new Blob([csv], { type: 'text/csv' }), 'people.csv')
          form.set('mapping', mapping)
          expectHandled(
            await send(operation.method, operation.template, { form }),
            `${operation.template} ${csv.slice(0, 200)} / ${mapping.slice(0, 200)}`,
          )
        },
      ),
      { numRuns: 40 },
    )
  })
})

describe('/webhooks/in/<token>', () => {
  it('refuses deep JSON, hostile tokens and broken query strings without a 500', async () => {
    for (const contentType of ['application/json', 'text/plain', '']) {
      for (const text of [deepArrays(100_000), `{"name":${deepArrays(20_000)}}`]) {
        const answer = await send('POST', webhookPath, { text, contentType }, null)
        expect(answer.status, contentType).toBe(400)
        expect(answer.body.error.details.maxDepth).toBe(maxJsonDepth)
      }
    }
    for (const segment of hostileSegments) {
      expectHandled(await send('POST', `/webhooks/in/${segment}`, { text: '{}' }, null), segment)
    }
    const answer = await send('POST', `${webhookPath}?dryRun=%00`, { text: '{}' }, null)
    expect(answer.body.error).toMatchObject({
      code: 'invalid_request',
      details: { field: 'dryRun' },
    })
  })

  it('property: hostile payloads in every media type never give a 500', async () => {
    const form = fc
      .array(fc.tuple(hostileWireText, hostileWireText), { minLength: 1, maxLength: 4 })
      .map((pairs) => pairs.map(([key, value]) => `${key}[a][b]=${value}`).join('&'))
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileBody(['name', 'email', 'tag', 'extra', 'source']).map((text) => ({
            text,
            contentType: 'application/json',
          })),
          hostileBody(['name', 'extra']).map((text) => ({ text, contentType: 'text/plain' })),
          form.map((text) => ({ text, contentType: 'application/x-www-form-urlencoded' })),
          fc
            .array(fc.tuple(hostileText, hostileText), { minLength: 1, maxLength: 3 })
            .map((fields) => {
              const data = new FormData()
              for (const [key, value] of fields) data.append(key, value)
              return { form: data }
            }),
        ),
        fc.boolean(),
        async (body, dryRun) => {
          const path = dryRun ? `${webhookPath}?dryRun=1` : webhookPath
          expectHandled(await send('POST', path, body, null), JSON.stringify(body).slice(0, 300))
        },
      ),
      // Under the webhook's own 300 requests a minute, with the tests above.
      { numRuns: 120 },
    )
  })
})
