import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDeal,
  createPerson,
  createPipeline,
  firstLostReasonId,
  salesPipeline,
  unknownId,
} from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('workspace', () => {
  it('a new workspace starts with BRL, a Sales pipeline with won and lost stages, and lost reasons', async () => {
    const { body: workspace } = await server.admin.get('/api/app/v1/workspace')
    expect(workspace).toMatchObject({ id: server.tenantId, rateLimitPerMinute: 300 })
    expect(
      (await server.admin.get('/api/app/v1/currencies')).body.data.map((c: any) => c.code),
    ).toEqual(['BRL'])
    const sales = await salesPipeline(server.admin)
    expect(sales.stages.map((stage) => [stage.name, stage.type])).toEqual([
      ['Lead', 'open'],
      ['Qualified', 'open'],
      ['Proposal', 'open'],
      ['Negotiation', 'open'],
      ['Won', 'won'],
      ['Lost', 'lost'],
    ])
    expect((await server.admin.get('/api/app/v1/lost-reasons')).body.total).toBeGreaterThan(0)
  })

  it('PATCH renames the workspace and validates its rate limit', async () => {
    expect(
      (await server.admin.patch('/api/app/v1/workspace', { name: 'Acme Sales' })).body.name,
    ).toBe('Acme Sales')
    const { status, body } = await server.admin.patch('/api/app/v1/workspace', {
      rateLimitPerMinute: 0,
    })
    expect(status).toBe(400)
    expect(body.error.details.field).toBe('rateLimitPerMinute')
  })
})

describe('users', () => {
  it('create, list, get, update and delete; e-mails unique per workspace', async () => {
    const created = await server.admin.post('/api/app/v1/users', {
      name: 'Paula',
      email: 'Paula@Team.com',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      name: 'Paula',
      email: 'paula@team.com',
      tenantId: server.tenantId,
    })
    expect(
      (await server.admin.post('/api/app/v1/users', { name: 'Other', email: 'paula@team.com' }))
        .status,
    ).toBe(409)
    expect((await server.admin.get(`/api/app/v1/users/${created.body.id}`)).body.name).toBe('Paula')
    expect((await server.admin.get('/api/app/v1/users')).body.data[0].id).toBe(created.body.id)
    expect(
      (await server.admin.patch(`/api/app/v1/users/${created.body.id}`, { name: 'Paula M.' })).body
        .name,
    ).toBe('Paula M.')
    expect((await server.admin.delete(`/api/app/v1/users/${created.body.id}`)).status).toBe(204)
    expect((await server.admin.get(`/api/app/v1/users/${created.body.id}`)).status).toBe(404)
  })

  it('deleting a user leaves their people and deals without an owner', async () => {
    const { body: user } = await server.admin.post('/api/app/v1/users', { name: 'Leaving' })
    const person = await createPerson(server.api, { ownerId: user.id })
    const deal = await createDeal(server.api, await salesPipeline(server.admin), {
      ownerId: user.id,
    })
    await server.admin.delete(`/api/app/v1/users/${user.id}`)
    expect((await server.api.get(`/api/v1/people/${person.id}`)).body.ownerId).toBeNull()
    expect((await server.api.get(`/api/v1/deals/${deal.id}`)).body.ownerId).toBeNull()
  })
})

describe('companies', () => {
  it('domains are normalised and unique per workspace', async () => {
    const created = await server.admin.post('/api/app/v1/companies', {
      name: 'Globex',
      domain: ' GLOBEX.com ',
    })
    expect(created.body.domain).toBe('globex.com')
    const duplicate = await server.admin.post('/api/app/v1/companies', {
      name: 'Globex 2',
      domain: 'globex.com',
    })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.error.details).toMatchObject({
      field: 'domain',
      existingId: created.body.id,
    })
    expect(
      (await server.admin.post('/api/app/v1/companies', { name: 'Bad', domain: 'not a domain' }))
        .body.error.details.field,
    ).toBe('domain')
  })

  it('deleting a company unlinks its people and deals', async () => {
    const { body: company } = await server.admin.post('/api/app/v1/companies', { name: 'Initech' })
    const person = await createPerson(server.api, { companyId: company.id })
    const deal = await createDeal(server.api, await salesPipeline(server.admin), {
      primaryCompanyId: company.id,
    })
    expect((await server.admin.delete(`/api/app/v1/companies/${company.id}`)).status).toBe(204)
    expect((await server.api.get(`/api/v1/people/${person.id}`)).body.companyId).toBeNull()
    expect((await server.api.get(`/api/v1/deals/${deal.id}`)).body.primaryCompanyId).toBeNull()
  })
})

describe('pipelines and stages', () => {
  it('creates a pipeline with stages in order and lists pipelines in board order', async () => {
    const pipeline = await createPipeline(server.admin, 'Renewals')
    expect(pipeline.stages.map((stage: any) => stage.position)).toEqual([0, 1, 2])
    const { body } = await server.admin.get('/api/app/v1/pipelines')
    expect(body.data[0].name).toBe('Sales')
    expect(body.data.map((p: any) => p.name)).toContain('Renewals')
  })

  it('a stage added without a position goes before Won and Lost if open, else at the end', async () => {
    const pipeline = await createPipeline(server.admin, 'Defaults')
    const stages = `/api/app/v1/pipelines/${pipeline.id}/stages`
    await server.admin.post(stages, { name: 'Proposal sent' })
    await server.admin.post(stages, { name: 'Churned', type: 'lost' })
    const { body } = await server.admin.get(`/api/app/v1/pipelines/${pipeline.id}`)
    expect(body.stages.map((stage: any) => stage.name)).toEqual([
      'Open',
      'Proposal sent',
      'Won',
      'Lost',
      'Churned',
    ])
  })

  it('adds, renames, retypes, reorders and deletes stages', async () => {
    const pipeline = await createPipeline(server.admin, 'Stages')
    const added = await server.admin.post(`/api/app/v1/pipelines/${pipeline.id}/stages`, {
      name: 'Demo',
      position: 1,
    })
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ name: 'Demo', type: 'open', position: 1 })
    const renamed = await server.admin.patch(
      `/api/app/v1/pipelines/${pipeline.id}/stages/${added.body.id}`,
      { name: 'Product demo', position: 0 },
    )
    expect(renamed.body).toMatchObject({ name: 'Product demo', position: 0 })
    const { body: after } = await server.admin.get(`/api/app/v1/pipelines/${pipeline.id}`)
    expect(after.stages.map((stage: any) => stage.name)).toEqual([
      'Product demo',
      'Open',
      'Won',
      'Lost',
    ])
    const reversed = [...after.stages].reverse().map((stage: any) => stage.id)
    const reordered = await server.admin.put(`/api/app/v1/pipelines/${pipeline.id}/stages/order`, {
      stageIds: reversed,
    })
    expect(reordered.body.stages.map((stage: any) => stage.id)).toEqual(reversed)
    const partial = await server.admin.put(`/api/app/v1/pipelines/${pipeline.id}/stages/order`, {
      stageIds: reversed.slice(1),
    })
    expect(partial.status).toBe(422)
    expect(
      (await server.admin.delete(`/api/app/v1/pipelines/${pipeline.id}/stages/${added.body.id}`))
        .status,
    ).toBe(204)
    const { body: final } = await server.admin.get(`/api/app/v1/pipelines/${pipeline.id}`)
    expect(final.stages.map((stage: any) => stage.position)).toEqual([0, 1, 2])
  })

  it('a stage or pipeline holding deals cannot be deleted or retyped (409)', async () => {
    const pipeline = await createPipeline(server.admin, 'Busy')
    await createDeal(server.api, pipeline)
    const refused = await server.admin.delete(
      `/api/app/v1/pipelines/${pipeline.id}/stages/${pipeline.open.id}`,
    )
    expect([refused.status, refused.body.error]).toEqual([
      409,
      {
        code: 'in_use',
        message: '1 deal(s) are in this stage; move or delete them first',
        details: { dealCount: 1, resource: 'stage' },
      },
    ])
    expect(
      (
        await server.admin.patch(
          `/api/app/v1/pipelines/${pipeline.id}/stages/${pipeline.open.id}`,
          { type: 'won' },
        )
      ).status,
    ).toBe(409)
    expect(
      (
        await server.admin.patch(
          `/api/app/v1/pipelines/${pipeline.id}/stages/${pipeline.open.id}`,
          { name: 'Renamed is fine' },
        )
      ).status,
    ).toBe(200)
    expect((await server.admin.delete(`/api/app/v1/pipelines/${pipeline.id}`)).status).toBe(409)
  })

  it('an empty pipeline can be deleted', async () => {
    const pipeline = await createPipeline(server.admin, 'Empty')
    expect((await server.admin.delete(`/api/app/v1/pipelines/${pipeline.id}`)).status).toBe(204)
    expect((await server.admin.get(`/api/app/v1/pipelines/${pipeline.id}`)).status).toBe(404)
  })

  it('a pipeline of another workspace is not found', async () => {
    const other = await server.otherWorkspace('Pipelines elsewhere')
    const theirs = await salesPipeline(other.admin)
    expect((await server.admin.get(`/api/app/v1/pipelines/${theirs.id}`)).status).toBe(404)
    expect(
      (await server.admin.post(`/api/app/v1/pipelines/${theirs.id}/stages`, { name: 'X' })).status,
    ).toBe(404)
  })
})

describe('lost reasons', () => {
  it('a reason some lost deal gives cannot be deleted; an unused one can', async () => {
    const pipeline = await salesPipeline(server.admin)
    const used = await firstLostReasonId(server.admin)
    await createDeal(server.api, pipeline, { stageId: pipeline.lost.id, lostReasonId: used })
    const refused = await server.admin.delete(`/api/app/v1/lost-reasons/${used}`)
    expect([refused.status, refused.body.error.code, refused.body.error.details]).toEqual([
      409,
      'in_use',
      { dealCount: 1, resource: 'lostReason' },
    ])
    const { body: unused } = await server.admin.post('/api/app/v1/lost-reasons', { name: 'Timing' })
    expect(
      (await server.admin.patch(`/api/app/v1/lost-reasons/${unused.id}`, { name: 'Bad timing' }))
        .body.name,
    ).toBe('Bad timing')
    expect((await server.admin.delete(`/api/app/v1/lost-reasons/${unused.id}`)).status).toBe(204)
  })
})

describe('currencies', () => {
  it('enables ISO 4217 currencies, refuses others, and disables them', async () => {
    expect((await server.admin.put('/api/app/v1/currencies/eur')).body.code).toBe('EUR')
    expect((await server.admin.put('/api/app/v1/currencies/EUR')).status).toBe(200)
    const unknown = await server.admin.put('/api/app/v1/currencies/XYZ')
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.details.field).toBe('code')
    expect(
      (await server.admin.get('/api/app/v1/currencies')).body.data.map((c: any) => c.code),
    ).toEqual(['BRL', 'EUR'])
    // A list like every other: the page envelope, its parameters, nothing else.
    const second = await server.admin.get('/api/app/v1/currencies?page=2&pageSize=1')
    expect(second.body).toMatchObject({ page: 2, pageSize: 1, total: 2, hasMore: false })
    expect(second.body.data.map((c: any) => c.code)).toEqual(['EUR'])
    for (const query of ['foo=1', 'page=abc']) {
      const refused = await server.admin.get(`/api/app/v1/currencies?${query}`)
      expect(refused.status, query).toBe(400)
    }
    expect((await server.admin.delete('/api/app/v1/currencies/EUR')).status).toBe(204)
    expect((await server.admin.delete('/api/app/v1/currencies/EUR')).status).toBe(404)
  })
})

describe('management API', () => {
  it('uses the same error envelope and 404s unknown ids', async () => {
    for (const path of ['users', 'companies', 'lost-reasons', 'pipelines']) {
      const { status, body } = await server.admin.get(`/api/app/v1/${path}/${unknownId}`)
      expect(status, path).toBe(404)
      expect(body.error.code, path).toBe('not_found')
    }
  })
})
