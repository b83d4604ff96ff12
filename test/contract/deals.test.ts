import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDeal,
  createPerson,
  createPipeline,
  firstLostReasonId,
  salesPipeline,
  unknownId,
  type PipelineInfo,
} from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
let sales: PipelineInfo
let other: PipelineInfo
let lostReasonId: string

beforeAll(async () => {
  server = await startTestServer()
  sales = await salesPipeline(server.admin)
  other = await createPipeline(server.admin, 'Partnerships')
  lostReasonId = await firstLostReasonId(server.admin)
})
afterAll(() => server.close())

describe('GET /api/v1/deals', () => {
  it('200: returns the list envelope of Deal', async () => {
    const deal = await createDeal(server.api, sales, { title: 'Listed deal' })
    const { status, body } = await server.api.get('/api/v1/deals')
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(['data', 'hasMore', 'page', 'pageSize', 'total'])
    expect(body.data[0]).toMatchObject({ id: deal.id, title: 'Listed deal' })
  })

  it('400: pageSize above 100', async () => {
    const { status, body } = await server.api.get('/api/v1/deals?pageSize=101')
    expect(status).toBe(400)
    expect(body.error).toMatchObject({ code: 'invalid_request', details: { field: 'pageSize' } })
  })
})

describe('GET /api/v1/deals/{id}', () => {
  it('200: returns the Deal with every field of the spec', async () => {
    const deal = await createDeal(server.api, sales)
    const { status, body } = await server.api.get(`/api/v1/deals/${deal.id}`)
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(
      [
        'closedAt',
        'createdAt',
        'currency',
        'customFields',
        'expectedCloseDate',
        'id',
        'lostReasonId',
        'ownerId',
        'pipelineId',
        'primaryCompanyId',
        'primaryPersonId',
        'stageId',
        'tags',
        'tenantId',
        'title',
        'updatedAt',
        'value',
      ].sort(),
    )
    expect(body).toEqual(deal)
  })

  it('404: not found', async () => {
    const { status, body } = await server.api.get(`/api/v1/deals/${unknownId}`)
    expect(status).toBe(404)
    expect(body.error.code).toBe('not_found')
  })
})

describe('POST /api/v1/deals', () => {
  it('201: creates the deal in the pipeline and stage given', async () => {
    const { body: owner } = await server.admin.post('/api/app/v1/users', { name: 'Seller' })
    const { body: company } = await server.admin.post('/api/app/v1/companies', { name: 'Acme' })
    const person = await createPerson(server.api)
    const { status, body, headers } = await server.api.post('/api/v1/deals', {
      title: 'Big one',
      value: 12500.5,
      pipelineId: sales.id,
      stageId: sales.open.id,
      ownerId: owner.id,
      expectedCloseDate: '2026-12-31',
      primaryPersonId: person.id,
      primaryCompanyId: company.id,
      tags: ['enterprise', ' Enterprise '],
    })
    expect(status).toBe(201)
    expect(headers.get('location')).toBe(`/api/v1/deals/${body.id}`)
    expect(body).toMatchObject({
      tenantId: server.tenantId,
      title: 'Big one',
      value: 12500.5,
      pipelineId: sales.id,
      stageId: sales.open.id,
      ownerId: owner.id,
      expectedCloseDate: '2026-12-31',
      primaryPersonId: person.id,
      primaryCompanyId: company.id,
      lostReasonId: null,
      closedAt: null,
      tags: ['enterprise'],
      customFields: {},
    })
  })

  it('currency defaults to BRL on create', async () => {
    const deal = await createDeal(server.api, sales)
    expect(deal.currency).toBe('BRL')
  })

  it('422: a currency not enabled in the workspace', async () => {
    const { status, body } = await server.api.post('/api/v1/deals', {
      title: 'Dollars',
      value: 1,
      currency: 'USD',
      pipelineId: sales.id,
      stageId: sales.open.id,
    })
    expect(status).toBe(422)
    expect(body.error).toMatchObject({
      code: 'currency_not_enabled',
      details: { field: 'currency' },
    })
    expect((await server.admin.put('/api/app/v1/currencies/USD')).status).toBe(200)
    const enabled = await createDeal(server.api, sales, { currency: 'usd' })
    expect(enabled.currency).toBe('USD')
    // Disabled again: the deal keeps it, and a script writing it back unchanged is not refused;
    // a deal moving into it is.
    expect((await server.admin.delete('/api/app/v1/currencies/USD')).status).toBe(204)
    const same = await server.api.patch(`/api/v1/deals/${enabled.id}`, {
      ...{ title: 'Dollars, renamed', currency: 'USD', value: enabled.value },
    })
    expect(same.status).toBe(200)
    expect(same.body).toMatchObject({ title: 'Dollars, renamed', currency: 'USD' })
    const other = await createDeal(server.api, sales)
    const moved = await server.api.patch(`/api/v1/deals/${other.id}`, { currency: 'USD' })
    expect(moved.status).toBe(422)
    expect(moved.body.error.code).toBe('currency_not_enabled')
    // A code no currency has is a bad value, not a currency to enable.
    const unknown = await server.api.patch(`/api/v1/deals/${other.id}`, { currency: 'ZZZ' })
    expect([unknown.status, unknown.body.error.code, unknown.body.error.details.field]).toEqual([
      400,
      'invalid_request',
      'currency',
    ])
  })

  it('422: business rule, a stage of another pipeline', async () => {
    const { status, body } = await server.api.post('/api/v1/deals', {
      title: 'Misplaced',
      value: 1,
      pipelineId: sales.id,
      stageId: other.open.id,
    })
    expect(status).toBe(422)
    expect(body.error).toMatchObject({
      code: 'stage_not_in_pipeline',
      details: { field: 'stageId' },
    })
  })

  it('422: created directly in a lost stage without lostReasonId', async () => {
    const { status, body } = await server.api.post('/api/v1/deals', {
      title: 'Lost already',
      value: 1,
      pipelineId: sales.id,
      stageId: sales.lost.id,
    })
    expect(status).toBe(422)
    expect(body.error).toMatchObject({
      code: 'lost_reason_required',
      details: { field: 'lostReasonId' },
    })
  })

  it('422: a referenced id that is not in the workspace names its field', async () => {
    const theirs = await server.otherWorkspace('Theirs')
    const theirPerson = await createPerson(theirs.admin)
    const base = { title: 'Refs', value: 1, pipelineId: sales.id, stageId: sales.open.id }
    for (const [field, value] of [
      ['ownerId', unknownId],
      ['primaryPersonId', unknownId],
      ['primaryPersonId', theirPerson.id],
      ['primaryCompanyId', unknownId],
      ['pipelineId', unknownId],
      ['stageId', unknownId],
    ] as const) {
      const { status, body } = await server.api.post('/api/v1/deals', { ...base, [field]: value })
      expect(status, field).toBe(422)
      expect(body.error.details.field, field).toBe(field)
    }
    const lostWithUnknownReason = await server.api.post('/api/v1/deals', {
      ...base,
      stageId: sales.lost.id,
      lostReasonId: unknownId,
    })
    expect(lostWithUnknownReason.status).toBe(422)
    expect(lostWithUnknownReason.body.error.details.field).toBe('lostReasonId')
  })

  it('400: validation failures name the field', async () => {
    const base = { title: 'X', value: 1, pipelineId: sales.id, stageId: sales.open.id }
    for (const [patch, field] of [
      [{ title: undefined }, 'title'],
      [{ value: undefined }, 'value'],
      [{ value: '100' }, 'value'],
      [{ value: -1 }, 'value'],
      [{ currency: 'REAL' }, 'currency'],
      [{ expectedCloseDate: '31/12/2026' }, 'expectedCloseDate'],
      [{ expectedCloseDate: '2026-02-30' }, 'expectedCloseDate'],
      [{ pipelineId: 'abc' }, 'pipelineId'],
      [{ customFields: {} }, 'customFields'],
      [{ closedAt: '2026-01-01T00:00:00Z' }, 'closedAt'],
      [{ id: unknownId }, 'id'],
    ] as const) {
      const { status, body } = await server.api.post('/api/v1/deals', { ...base, ...patch })
      expect(status, JSON.stringify(patch)).toBe(400)
      expect(body.error.details.field, JSON.stringify(patch)).toBe(field)
    }
  })
})

describe('PATCH /api/v1/deals/{id}', () => {
  it('200: partial update; fields not sent stay unchanged', async () => {
    const deal = await createDeal(server.api, sales, { title: 'Before', value: 10, tags: ['a'] })
    const { status, body } = await server.api.patch(`/api/v1/deals/${deal.id}`, { value: 20 })
    expect(status).toBe(200)
    expect(body).toMatchObject({ title: 'Before', value: 20, tags: ['a'], stageId: sales.open.id })
  })

  it('200: moves the deal to another stage of the same pipeline', async () => {
    const deal = await createDeal(server.api, sales)
    const next = sales.stages.filter((stage) => stage.type === 'open')[1]!
    const { status, body } = await server.api.patch(`/api/v1/deals/${deal.id}`, {
      stageId: next.id,
    })
    expect(status).toBe(200)
    expect(body.stageId).toBe(next.id)
  })

  it('422: a stage of another pipeline is rejected and the deal is unchanged', async () => {
    const deal = await createDeal(server.api, sales)
    const { status, body } = await server.api.patch(`/api/v1/deals/${deal.id}`, {
      stageId: other.open.id,
      title: 'Should not stick',
    })
    expect(status).toBe(422)
    expect(body.error).toMatchObject({
      code: 'stage_not_in_pipeline',
      details: { field: 'stageId' },
    })
    expect((await server.api.get(`/api/v1/deals/${deal.id}`)).body).toEqual(deal)
  })

  it('422: moving to a lost stage without lostReasonId is rejected and the deal is unchanged', async () => {
    const deal = await createDeal(server.api, sales)
    const { status, body } = await server.api.patch(`/api/v1/deals/${deal.id}`, {
      stageId: sales.lost.id,
    })
    expect(status).toBe(422)
    expect(body.error).toMatchObject({
      code: 'lost_reason_required',
      details: { field: 'lostReasonId' },
    })
    expect((await server.api.get(`/api/v1/deals/${deal.id}`)).body).toEqual(deal)
  })

  it('moving to a lost stage with lostReasonId updates the deal and sets closedAt', async () => {
    const deal = await createDeal(server.api, sales)
    const { status, body } = await server.api.patch(`/api/v1/deals/${deal.id}`, {
      stageId: sales.lost.id,
      lostReasonId,
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ stageId: sales.lost.id, lostReasonId })
    expect(body.closedAt).toEqual(expect.any(String))
  })

  it('closedAt is set on entering a won stage and cleared on leaving it', async () => {
    const deal = await createDeal(server.api, sales)
    const won = await server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: sales.won.id })
    expect(won.body.closedAt).toEqual(expect.any(String))
    const reopened = await server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: sales.open.id })
    expect(reopened.body).toMatchObject({ closedAt: null, lostReasonId: null })
  })

  it('leaving a lost stage clears lostReasonId; a lost reason on an open deal is a 422', async () => {
    const deal = await createDeal(server.api, sales, { stageId: sales.lost.id, lostReasonId })
    expect(deal.closedAt).toEqual(expect.any(String))
    const reopened = await server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: sales.open.id })
    expect(reopened.body).toMatchObject({ lostReasonId: null, closedAt: null })
    const { status, body } = await server.api.patch(`/api/v1/deals/${deal.id}`, { lostReasonId })
    expect(status).toBe(422)
    expect(body.error).toMatchObject({
      code: 'lost_reason_not_applicable',
      details: { field: 'lostReasonId' },
    })
  })

  it('400: pipelineId cannot be changed, and read-only fields are named', async () => {
    const deal = await createDeal(server.api, sales)
    for (const field of ['pipelineId', 'closedAt', 'customFields', 'tenantId']) {
      const { status, body } = await server.api.patch(`/api/v1/deals/${deal.id}`, {
        [field]: other.id,
      })
      expect(status, field).toBe(400)
      expect(body.error.details.field, field).toBe(field)
    }
    // Each says why, rather than calling a field the deal has unknown.
    const message = async (field: string) =>
      (await server.api.patch(`/api/v1/deals/${deal.id}`, { [field]: other.id })).body.error.message
    expect(await message('pipelineId')).toBe(
      "pipelineId cannot be written here: a deal's pipeline is chosen when it is created",
    )
    expect(await message('closedAt')).toMatch(/^closedAt is read-only: .* won or lost stage$/)
  })

  it('null clears an optional field; tags replaces the set', async () => {
    const deal = await createDeal(server.api, sales, {
      expectedCloseDate: '2027-01-15',
      tags: ['a', 'b'],
    })
    const { body } = await server.api.patch(`/api/v1/deals/${deal.id}`, {
      expectedCloseDate: null,
      tags: ['c'],
    })
    expect(body).toMatchObject({ expectedCloseDate: null, tags: ['c'] })
  })

  it('404: not found', async () => {
    expect((await server.api.patch(`/api/v1/deals/${unknownId}`, { title: 'X' })).status).toBe(404)
  })
})

describe('DELETE /api/v1/deals/{id}', () => {
  it('204: empty body; the deal is gone', async () => {
    const deal = await createDeal(server.api, sales)
    const response = await server.api.delete(`/api/v1/deals/${deal.id}`)
    expect(response.status).toBe(204)
    expect(response.text).toBe('')
    expect((await server.api.get(`/api/v1/deals/${deal.id}`)).status).toBe(404)
  })

  it('404: not found, also for a deal of another workspace', async () => {
    const theirs = await server.otherWorkspace('Others')
    const theirPipeline = await salesPipeline(theirs.admin)
    const theirDeal = await createDeal(theirs.admin, theirPipeline)
    expect((await server.api.delete(`/api/v1/deals/${unknownId}`)).status).toBe(404)
    expect((await server.api.delete(`/api/v1/deals/${theirDeal.id}`)).status).toBe(404)
    expect((await server.api.get(`/api/v1/deals/${theirDeal.id}`)).status).toBe(404)
    expect((await theirs.admin.get(`/api/v1/deals/${theirDeal.id}`)).status).toBe(200)
  })
})
