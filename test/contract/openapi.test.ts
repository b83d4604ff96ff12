import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
