import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventPayloads } from '../../src/shared/events'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function fetchDocument(path: string) {
  const response = await server.as(null).get(path)
  expect(response.status).toBe(200)
  return response.body
}

const documents = ['/api/v1/openapi.json', '/api/app/v1/openapi.json']

/** A `$ref` within the document, followed. */
function resolve(document: any, value: any): any {
  if (!value?.$ref) return value
  return (value.$ref as string)
    .slice(2)
    .split('/')
    .reduce((node, key) => node?.[key], document)
}

/** Every operation of the document's paths (and of its webhooks, unless told not to). */
function operations(document: any, withWebhooks = true) {
  const groups = [document.paths, ...(withWebhooks ? [document.webhooks ?? {}] : [])]
  return groups.flatMap((group) =>
    Object.entries<any>(group).flatMap(([path, item]) =>
      Object.entries<any>(item).map(([method, operation]) => ({
        where: `${method.toUpperCase()} ${path}`,
        method,
        operation,
      })),
    ),
  )
}

describe('OpenAPI', () => {
  it('/api/v1/openapi.json is a valid OpenAPI 3.1 document, served without a token', async () => {
    const document = await fetchDocument('/api/v1/openapi.json')
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('documents every row of the spec endpoint tables with its statuses', async () => {
    const { paths } = await fetchDocument('/api/v1/openapi.json')
    const rows: [string, string, string[]][] = [
      ['/people', 'get', ['200', '400', '401', '429']],
      ['/people/{id}', 'get', ['200', '404']],
      ['/people', 'post', ['201', '400', '409', '422']],
      ['/people/{id}', 'patch', ['200', '404']],
      ['/people/{id}', 'delete', ['204', '404']],
      ['/deals', 'get', ['200', '400']],
      ['/deals/{id}', 'get', ['200']],
      ['/deals', 'post', ['201', '422']],
      ['/deals/{id}', 'patch', ['200', '422']],
      ['/deals/{id}', 'delete', ['204']],
    ]
    for (const [path, method, statuses] of rows) {
      const operation = paths[path]?.[method]
      expect(operation, `${method} ${path}`).toBeDefined()
      for (const status of statuses)
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain(status)
    }
    const list = paths['/people'].get
    expect(list.parameters.map((parameter: any) => parameter.name).sort()).toEqual([
      'after',
      'email',
      'ownerId',
      'page',
      'pageSize',
      'q',
      'sort',
      'tag',
      'updatedSince',
    ])
    // Beyond the contract's page and pageSize, every parameter says it is Outpost's, and optional.
    for (const parameter of list.parameters) {
      if (parameter.name === 'page' || parameter.name === 'pageSize') continue
      expect(parameter.required, parameter.name).toBe(false)
      expect(parameter.description, parameter.name).toMatch(/^Outpost extension/)
    }
    expect(
      list.parameters.find((parameter: any) => parameter.name === 'pageSize').schema,
    ).toMatchObject({
      type: 'integer',
      maximum: 100,
      default: 25,
    })
  })

  it('the schemas are generated from the same zod schemas that validate requests', async () => {
    const { components } = await fetchDocument('/api/v1/openapi.json')
    const person = components.schemas.CreatePerson
    expect(person.required).toEqual(['fullName'])
    expect(person.additionalProperties).toBe(false)
    expect(person.properties.lifecycleStage.enum).toEqual(
      expect.arrayContaining([
        'lead',
        'marketing_qualified',
        'sales_qualified',
        'opportunity',
        'customer',
        'evangelist',
      ]),
    )
    expect(person.properties.primaryEmail.format).toBe('email')
    const deal = components.schemas.CreateDeal
    expect(deal.required.sort()).toEqual(['pipelineId', 'stageId', 'title', 'value'])
    expect(deal.properties.currency.default).toBe('BRL')
    expect(components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
  })

  it('/api/app/v1/openapi.json documents the management API and is valid', async () => {
    const document = await fetchDocument('/api/app/v1/openapi.json')
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    for (const path of [
      '/workspace',
      '/users',
      '/companies',
      '/pipelines',
      '/pipelines/{id}/stages',
      '/lost-reasons',
      '/currencies',
      '/tokens',
    ]) {
      expect(Object.keys(document.paths), path).toContain(path)
    }
  })

  it('every operation of both documents has a unique operationId, a summary and a description', async () => {
    for (const path of documents) {
      const seen = new Map<string, string>()
      for (const { where, operation } of operations(await fetchDocument(path))) {
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/)
        expect(seen.get(operation.operationId), `${where} reuses an operationId`).toBeUndefined()
        seen.set(operation.operationId, where)
        expect(operation.summary, where).toBeTruthy()
        expect(operation.description, where).toBeTruthy()
      }
    }
    const { paths } = await fetchDocument('/api/v1/openapi.json')
    expect(paths['/people'].get.operationId).toBe('listPeople')
    expect(paths['/people/{id}'].delete.operationId).toBe('deletePerson')
    expect(paths['/deals'].post.operationId).toBe('createDeal')
  })

  it('every response documents the RateLimit headers, a 429 Retry-After, an error the envelope', async () => {
    for (const path of documents) {
      const document = await fetchDocument(path)
      const header = (response: any, name: string) => resolve(document, response.headers?.[name])
      for (const { where, operation } of operations(document, false)) {
        expect(Object.keys(operation.responses), where).toContain('429')
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          expect(header(response, 'RateLimit')?.schema, `${where} ${status}`).toBeDefined()
          expect(header(response, 'RateLimit-Policy')?.schema, `${where} ${status}`).toBeDefined()
          if (status === '429') expect(header(response, 'Retry-After')?.schema).toBeDefined()
          if (status.startsWith('4')) {
            expect(response.content['application/json'].schema, `${where} ${status}`).toEqual({
              $ref: '#/components/schemas/Error',
            })
          }
        }
      }
    }
  })

  it('the RateLimit headers documented are those the server sends, on errors too', async () => {
    const missing = await server.api.get('/api/v1/people/0b6f1f7e-3c1a-4a51-9a8e-2f0c3f4d5e6a')
    const created = await server.api.post('/api/v1/people', { fullName: 'Ana Souza' })
    for (const response of [missing, created]) {
      expect(response.headers.get('RateLimit')).toMatch(/^"default";r=\d+;t=\d+$/)
      expect(response.headers.get('RateLimit-Policy')).toMatch(/^"default";q=\d+;w=60$/)
    }
    expect(created.headers.get('Location')).toBe(`/api/v1/people/${created.body.id}`)
  })

  it('documents Idempotency-Key on v1 writes, Idempotent-Replayed and Location where sent', async () => {
    const document = await fetchDocument('/api/v1/openapi.json')
    for (const { where, method, operation } of operations(document, false)) {
      const names = operation.parameters?.map((p: any) => resolve(document, p).name) ?? []
      const writes = method === 'post' || method === 'patch'
      expect(names.includes('Idempotency-Key'), where).toBe(writes)
      if (writes) {
        const success = Object.keys(operation.responses).find((status) => status.startsWith('2'))!
        expect(Object.keys(operation.responses[success].headers), where).toContain(
          'Idempotent-Replayed',
        )
        expect(Object.keys(operation.responses), where).toEqual(
          expect.arrayContaining(['409', '422']),
        )
      }
    }
    for (const path of ['/people', '/deals', '/activities', '/notes']) {
      expect(Object.keys(document.paths[path].post.responses['201'].headers), path).toContain(
        'Location',
      )
    }
  })

  it('no request body marks a field that has a default as required', async () => {
    let defaults = 0
    for (const path of documents) {
      const document = await fetchDocument(path)
      const visit = (schema: any, where: string, seen: Set<unknown>): void => {
        const resolved = resolve(document, schema)
        if (!resolved || typeof resolved !== 'object' || seen.has(resolved)) return
        seen.add(resolved)
        for (const [name, property] of Object.entries<any>(resolved.properties ?? {})) {
          if (resolve(document, property)?.default !== undefined) {
            defaults += 1
            expect(resolved.required ?? [], `${where}.${name}`).not.toContain(name)
          }
          visit(property, `${where}.${name}`, seen)
        }
        for (const part of [...(resolved.allOf ?? []), ...(resolved.anyOf ?? [])])
          visit(part, where, seen)
        for (const part of resolved.oneOf ?? []) visit(part, where, seen)
        if (resolved.items) visit(resolved.items, `${where}[]`, seen)
      }
      for (const { where, operation } of operations(document, false)) {
        const body = operation.requestBody?.content?.['application/json']?.schema
        if (body) visit(body, where, new Set())
      }
    }
    expect(defaults).toBeGreaterThan(0)
    const { components } = await fetchDocument('/api/v1/openapi.json')
    expect(components.schemas.CreateDeal.required).not.toContain('currency')
    expect(components.schemas.CreateDeal.properties.currency.default).toBe('BRL')
  })

  it('webhooks has one entry per outbound event type, with its payload', async () => {
    const document = await fetchDocument('/api/v1/openapi.json')
    expect(Object.keys(document.webhooks).sort()).toEqual(Object.keys(eventPayloads).sort())
    for (const [type, kind] of Object.entries(eventPayloads)) {
      const operation = document.webhooks[type].post
      const payload = resolve(document, operation.requestBody.content['application/json'].schema)
      expect(payload.properties.type.enum, type).toEqual([type])
      expect(Object.keys(payload.properties).sort(), type).toEqual(
        Object.keys(document.components.schemas.Event.properties).sort(),
      )
      const data = resolve(document, payload.properties.data)
      const required = { snapshot: ['object'], change: ['changes', 'object', 'previous'] }
      expect(data.required.sort(), type).toEqual(
        kind === 'tag' ? ['changes', 'object', 'previous', 'tag'] : required[kind],
      )
    }
  })

  it('/api/docs serves the interactive reference, offline', async () => {
    const page = await server.as(null).get('/api/docs')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(page.text).not.toMatch(/https?:\/\//)
    for (const src of page.text
      .match(/(?:src|href)="([^"]+)"/g)!
      .map((match) => match.split('"')[1]!)) {
      const asset = await server.as(null).get(src)
      expect(asset.status, src).toBe(200)
    }
    const init = await server.as(null).get('/api/docs/init.js')
    expect(init.text).toContain('/api/v1/openapi.json')
  })
})
