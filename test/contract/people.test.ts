import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeal, createPerson, salesPipeline, unknownId } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('GET /api/v1/people', () => {
  it('200: returns the list envelope of Person', async () => {
    await createPerson(server.api, {
      fullName: 'Listed Person',
      primaryEmail: 'listed@example.com',
    })
    const { status, body } = await server.api.get('/api/v1/people')
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(['data', 'hasMore', 'page', 'pageSize', 'total'])
    expect(body.data.some((person: any) => person.primaryEmail === 'listed@example.com')).toBe(true)
  })

  it('401: invalid token', async () => {
    const { status, body } = await server.as('op_' + 'x'.repeat(43)).get('/api/v1/people')
    expect(status).toBe(401)
    expect(body.error.code).toBe('unauthorized')
  })

  it('400: pageSize above 100', async () => {
    const { status, body } = await server.api.get('/api/v1/people?pageSize=101')
    expect(status).toBe(400)
    expect(body.error).toMatchObject({ code: 'invalid_request', details: { field: 'pageSize' } })
  })
})

describe('GET /api/v1/people/{id}', () => {
  it('200: returns the Person with every field of the spec', async () => {
    const created = await createPerson(server.api, { fullName: 'Bruno Lima', tags: ['vip'] })
    const { status, body } = await server.api.get(`/api/v1/people/${created.id}`)
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(
      [
        'companyId',
        'createdAt',
        'customFields',
        'fullName',
        'id',
        'leadSource',
        'lifecycleStage',
        'ownerId',
        'primaryEmail',
        'primaryPhone',
        'tags',
        'tenantId',
        'updatedAt',
      ].sort(),
    )
    expect(body).toMatchObject({
      id: created.id,
      tenantId: server.tenantId,
      fullName: 'Bruno Lima',
      tags: ['vip'],
      customFields: {},
    })
  })

  it('404: not found', async () => {
    const { status, body } = await server.api.get(`/api/v1/people/${unknownId}`)
    expect(status).toBe(404)
    expect(body.error.code).toBe('not_found')
  })

  it('404: an id that is not even a uuid', async () => {
    expect((await server.api.get('/api/v1/people/not-a-uuid')).status).toBe(404)
  })
})

describe('POST /api/v1/people', () => {
  it('201: creates a person with the fields sent, and a Location header', async () => {
    const { body: users } = await server.admin.post('/api/app/v1/users', { name: 'Owner One' })
    const { body: company } = await server.admin.post('/api/app/v1/companies', {
      name: 'Acme',
      domain: 'acme.com.br',
    })
    const { status, body, headers } = await server.api.post('/api/v1/people', {
      fullName: '  Carla Dias  ',
      primaryEmail: ' Carla@Acme.com.br ',
      primaryPhone: '+55 11 91234-5678',
      companyId: company.id,
      ownerId: users.id,
      lifecycleStage: 'sales_qualified',
      leadSource: 'website',
      tags: [' vip ', 'VIP', 'newsletter'],
    })
    expect(status).toBe(201)
    expect(headers.get('location')).toBe(`/api/v1/people/${body.id}`)
    expect(body).toMatchObject({
      fullName: 'Carla Dias',
      primaryEmail: 'carla@acme.com.br',
      primaryPhone: '+5511912345678',
      companyId: company.id,
      ownerId: users.id,
      lifecycleStage: 'sales_qualified',
      leadSource: 'website',
      tags: ['vip', 'newsletter'],
      customFields: {},
    })
    expect(body.createdAt).toBe(body.updatedAt)
  })

  it('phones are stored in E.164, national numbers read as Brazilian, like every other door', async () => {
    const national = await createPerson(server.api, { primaryPhone: '(11) 98765-4321' })
    expect(national.primaryPhone).toBe('+5511987654321')
    const foreign = await createPerson(server.api, { primaryPhone: '+1 415 555 2671' })
    expect(foreign.primaryPhone).toBe('+14155552671')
    const { body } = await server.api.patch(`/api/v1/people/${national.id}`, {
      primaryPhone: '+55 (21) 99876-5432',
    })
    expect(body.primaryPhone).toBe('+5521998765432')
  })

  it('optional fields left out are null in the response', async () => {
    const body = await createPerson(server.api, { fullName: 'Minimal' })
    expect(body).toMatchObject({
      primaryEmail: null,
      primaryPhone: null,
      companyId: null,
      ownerId: null,
      lifecycleStage: null,
      leadSource: null,
      tags: [],
    })
  })

  it('400: validation failure names the field (fullName missing)', async () => {
    const { status, body } = await server.api.post('/api/v1/people', { primaryEmail: 'a@b.com' })
    expect(status).toBe(400)
    expect(body.error).toMatchObject({ code: 'invalid_request', details: { field: 'fullName' } })
  })

  it('400: an invalid e-mail, lifecycle stage or tag names its field', async () => {
    for (const [payload, field] of [
      [{ fullName: 'X', primaryEmail: 'not-an-email' }, 'primaryEmail'],
      [{ fullName: 'X', lifecycleStage: 'prospect' }, 'lifecycleStage'],
      [{ fullName: 'X', primaryPhone: '+55 0000' }, 'primaryPhone'],
      [{ fullName: 'X', primaryPhone: 'phone?' }, 'primaryPhone'],
      [{ fullName: 'X', tags: ['ok', '  '] }, 'tags[1]'],
      [{ fullName: 'X', tags: ['ok', 'a, b'] }, 'tags[1]'],
      [{ fullName: 'X', tags: 'vip' }, 'tags'],
      [{ fullName: '' }, 'fullName'],
      [{ fullName: 42 }, 'fullName'],
    ] as const) {
      const { status, body } = await server.api.post('/api/v1/people', payload)
      expect(status, JSON.stringify(payload)).toBe(400)
      expect(body.error.details.field, JSON.stringify(payload)).toBe(field)
    }
  })

  it('409: conflict on a duplicate primaryEmail, compared trimmed and without case', async () => {
    const first = await createPerson(server.api, { primaryEmail: 'dup@example.com' })
    const { status, body } = await server.api.post('/api/v1/people', {
      fullName: 'Again',
      primaryEmail: '  DUP@Example.COM ',
    })
    expect(status).toBe(409)
    expect(body.error).toMatchObject({
      code: 'conflict',
      details: { field: 'primaryEmail', existingId: first.id },
    })
  })

  it('422: semantic validation, a companyId or ownerId that is not in the workspace', async () => {
    for (const field of ['companyId', 'ownerId']) {
      const { status, body } = await server.api.post('/api/v1/people', {
        fullName: 'X',
        [field]: unknownId,
      })
      expect(status).toBe(422)
      expect(body.error).toMatchObject({ code: 'invalid_reference', details: { field } })
    }
  })

  it('400: customFields cannot be written through the API, and says so', async () => {
    const { status, body } = await server.api.post('/api/v1/people', {
      fullName: 'X',
      customFields: { plan: 'pro' },
    })
    expect(status).toBe(400)
    expect(body.error.details.field).toBe('customFields')
    expect(body.error.message).toMatch(/read-only/)
  })

  it('counts a name in characters, an emoji as one, and refuses control characters', async () => {
    const emoji = '😀'.repeat(200)
    const made = await server.api.post('/api/v1/people', {
      fullName: emoji,
      tags: ['🏷'.repeat(64)],
    })
    expect(made.status).toBe(201)
    expect(made.body.fullName).toBe(emoji)
    const long = await server.api.post('/api/v1/people', { fullName: `${emoji}😀` })
    expect(long.body.error).toMatchObject({
      message: 'fullName is longer than 200 characters',
      details: { field: 'fullName' },
    })
    for (const [field, body] of [
      ['fullName', { fullName: 'Ana\u0000Lima' }],
      ['leadSource', { fullName: 'Ana', leadSource: 'site\u0007' }],
      ['tags[0]', { fullName: 'Ana', tags: ['a\u001bb'] }],
    ] as const) {
      const { status, body: answer } = await server.api.post('/api/v1/people', body)
      expect(status, field).toBe(400)
      expect(answer.error.details.field, field).toBe(field)
      expect(answer.error.message, field).toContain('must not contain control characters')
    }
  })

  it('400: unknown fields and read-only fields are named', async () => {
    for (const field of ['id', 'tenantId', 'createdAt', 'updatedAt']) {
      const { status, body } = await server.api.post('/api/v1/people', {
        fullName: 'X',
        [field]: 'x',
      })
      expect(status).toBe(400)
      expect(body.error).toMatchObject({ code: 'invalid_request', details: { field } })
      expect(body.error.message).toMatch(/read-only/)
    }
    const { status, body } = await server.api.post('/api/v1/people', {
      fullName: 'X',
      nickname: 'x',
    })
    expect(status).toBe(400)
    expect(body.error).toMatchObject({
      details: { field: 'nickname' },
      message: 'Unknown field nickname',
    })
  })
})

describe('PATCH /api/v1/people/{id}', () => {
  it('200: partial update; fields not sent stay unchanged', async () => {
    const person = await createPerson(server.api, {
      fullName: 'Dora',
      primaryEmail: 'dora@example.com',
      leadSource: 'event',
      tags: ['a'],
    })
    const { status, body } = await server.api.patch(`/api/v1/people/${person.id}`, {
      lifecycleStage: 'customer',
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      fullName: 'Dora',
      primaryEmail: 'dora@example.com',
      leadSource: 'event',
      tags: ['a'],
      lifecycleStage: 'customer',
    })
    expect(body.updatedAt >= person.updatedAt).toBe(true)
    expect(body.createdAt).toBe(person.createdAt)
  })

  it('null clears an optional field; tags replaces the whole set', async () => {
    const person = await createPerson(server.api, {
      fullName: 'Eva',
      leadSource: 'event',
      tags: ['a', 'b'],
    })
    const { body } = await server.api.patch(`/api/v1/people/${person.id}`, {
      leadSource: null,
      tags: ['c', 'C', ' d '],
    })
    expect(body).toMatchObject({ leadSource: null, tags: ['c', 'd'] })
    expect((await server.api.get(`/api/v1/people/${person.id}`)).body.tags).toEqual(['c', 'd'])
    const cleared = await server.api.patch(`/api/v1/people/${person.id}`, { tags: null })
    expect([cleared.status, cleared.body.tags]).toEqual([200, []])
  })

  it('lifecycle stage may move backwards as well as forwards', async () => {
    const person = await createPerson(server.api, { lifecycleStage: 'customer' })
    const { status, body } = await server.api.patch(`/api/v1/people/${person.id}`, {
      lifecycleStage: 'lead',
    })
    expect(status).toBe(200)
    expect(body.lifecycleStage).toBe('lead')
  })

  it('404: not found', async () => {
    const { status, body } = await server.api.patch(`/api/v1/people/${unknownId}`, {
      fullName: 'X',
    })
    expect(status).toBe(404)
    expect(body.error.code).toBe('not_found')
  })

  it('409: changing primaryEmail to one another person has', async () => {
    await createPerson(server.api, { primaryEmail: 'taken@example.com' })
    const person = await createPerson(server.api, { primaryEmail: 'free@example.com' })
    const { status } = await server.api.patch(`/api/v1/people/${person.id}`, {
      primaryEmail: 'Taken@example.com',
    })
    expect(status).toBe(409)
    const same = await server.api.patch(`/api/v1/people/${person.id}`, {
      primaryEmail: 'FREE@example.com',
    })
    expect(same.status).toBe(200)
  })

  it('400: customFields and read-only fields cannot be patched', async () => {
    const person = await createPerson(server.api)
    for (const field of ['customFields', 'id', 'createdAt']) {
      const { status, body } = await server.api.patch(`/api/v1/people/${person.id}`, {
        [field]: {},
      })
      expect(status).toBe(400)
      expect(body.error.details.field).toBe(field)
    }
  })

  it('a PATCH that changes nothing keeps updatedAt', async () => {
    const person = await createPerson(server.api, { fullName: 'Same', tags: ['x'] })
    const { body } = await server.api.patch(`/api/v1/people/${person.id}`, {
      fullName: 'Same',
      tags: [' x '],
    })
    expect(body.updatedAt).toBe(person.updatedAt)
  })
})

describe('DELETE /api/v1/people/{id}', () => {
  it('204: empty body; the record is removed from the workspace', async () => {
    const person = await createPerson(server.api)
    const response = await server.api.delete(`/api/v1/people/${person.id}`)
    expect(response.status).toBe(204)
    expect(response.text).toBe('')
    expect((await server.api.get(`/api/v1/people/${person.id}`)).status).toBe(404)
  })

  it('404: not found', async () => {
    expect((await server.api.delete(`/api/v1/people/${unknownId}`)).status).toBe(404)
  })

  it('leaves the deals of the person in place, with primaryPersonId cleared', async () => {
    const pipeline = await salesPipeline(server.admin)
    const person = await createPerson(server.api)
    const deal = await createDeal(server.api, pipeline, { primaryPersonId: person.id })
    await server.api.delete(`/api/v1/people/${person.id}`)
    const { status, body } = await server.api.get(`/api/v1/deals/${deal.id}`)
    expect(status).toBe(200)
    expect(body.primaryPersonId).toBeNull()
  })
})

describe('workspaces', () => {
  it('404: a person of another workspace cannot be read, changed or deleted', async () => {
    const other = await server.otherWorkspace('Elsewhere')
    const theirs = await createPerson(other.admin, { primaryEmail: 'shared@example.com' })
    expect((await server.api.get(`/api/v1/people/${theirs.id}`)).status).toBe(404)
    expect(
      (await server.api.patch(`/api/v1/people/${theirs.id}`, { fullName: 'Mine' })).status,
    ).toBe(404)
    expect((await server.api.delete(`/api/v1/people/${theirs.id}`)).status).toBe(404)
    // Uniqueness of e-mails is per workspace.
    expect(
      (
        await server.api.post('/api/v1/people', {
          fullName: 'Mine',
          primaryEmail: 'shared@example.com',
        })
      ).status,
    ).toBe(201)
    const { body } = await server.api.get('/api/v1/people?pageSize=100')
    expect(body.data.some((person: any) => person.id === theirs.id)).toBe(false)
  })
})
