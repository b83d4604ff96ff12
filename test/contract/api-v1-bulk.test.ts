// POST /api/v1/people/bulk and /api/v1/deals/bulk (Outpost extension, docs/api-extensions.md): up
// to 100 creates and updates in one transaction, each record on its own savepoint, a result each.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { eventsOf, typesOf } from '../support/events'
import { createDeal, createPerson, salesPipeline, unknownId } from '../support/fixtures'
import type { PipelineInfo } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

const clock = createTestClock()
let server: TestServer
let sales: PipelineInfo

beforeAll(async () => {
  server = await startTestServer({ clock })
  sales = await salesPipeline(server.admin)
})
afterAll(() => server.close())

const bulk = (area: string, body: unknown, headers: Record<string, string> = {}) =>
  server.api.request('POST', `/api/v1/${area}/bulk`, body, headers)

const peopleCount = async () => (await server.api.get('/api/v1/people?pageSize=1')).body.total

describe('POST /api/v1/people/bulk', () => {
  it('writes the good records and answers every record in order with its status', async () => {
    const existing = await createPerson(server.api, {
      fullName: 'Taken',
      primaryEmail: 'taken@example.com',
    })
    const other = await createPerson(server.api, { fullName: 'Other' })
    const before = await peopleCount()
    let answer: any
    const events = await eventsOf(server.api, async () => {
      answer = await bulk('people', {
        create: [
          { fullName: 'Bulk One', primaryEmail: 'one@example.com', tags: ['bulk'] },
          { fullName: 'Dup', primaryEmail: 'TAKEN@example.com' },
          { primaryEmail: 'noname@example.com' },
          { fullName: 'Bulk Two', ownerId: unknownId },
          { fullName: 'Bulk Three' },
        ],
        update: [
          { id: existing.id, lifecycleStage: 'customer' },
          { id: unknownId, fullName: 'Ghost' },
          { fullName: 'No id' },
          { id: other.id, primaryEmail: 'one@example.com' },
          { id: other.id, createdAt: '2020-01-01T00:00:00Z' },
        ],
      })
    })
    expect(answer.status).toBe(200)
    const { results } = answer.body
    expect(results.map((r: any) => [r.operation, r.index, r.status])).toEqual([
      ['create', 0, 201],
      ['create', 1, 409],
      ['create', 2, 400],
      ['create', 3, 422],
      ['create', 4, 201],
      ['update', 0, 200],
      ['update', 1, 404],
      ['update', 2, 400],
      ['update', 3, 409],
      ['update', 4, 400],
    ])
    expect(answer.body).toMatchObject({ applied: 3, failed: 7 })
    expect(results[0].data).toMatchObject({ fullName: 'Bulk One', primaryEmail: 'one@example.com' })
    expect(results[1].error).toMatchObject({
      code: 'conflict',
      details: { field: 'primaryEmail', existingId: existing.id },
    })
    expect(results[1].data).toBeUndefined()
    expect(results[2].error).toMatchObject({
      code: 'invalid_request',
      details: { field: 'fullName' },
    })
    expect(results[3].error).toMatchObject({
      code: 'invalid_reference',
      details: { field: 'ownerId' },
    })
    expect(results[5].data).toMatchObject({ id: existing.id, lifecycleStage: 'customer' })
    expect(results[6].error.code).toBe('not_found')
    expect(results[7].error.details.field).toBe('id')
    expect(results[9].error.details.field).toBe('createdAt')
    // Nothing of a failed record is written: two people more, the other left as it was.
    expect(await peopleCount()).toBe(before + 2)
    expect((await server.api.get(`/api/v1/people/${other.id}`)).body).toEqual(other)
    expect((await server.api.get('/api/v1/people?q=Bulk%20Two')).body.total).toBe(0)
    // Events only for the records written, as their single requests emit them.
    expect(typesOf(events)).toEqual([
      'person.created',
      'person.tag_added',
      'person.created',
      'person.updated',
    ])
    expect(events.map((event) => event.data.object.id)).toEqual([
      results[0].data.id,
      results[0].data.id,
      results[4].data.id,
      existing.id,
    ])
  })

  it('a duplicate e-mail inside one request: the first is created, the second is a 409', async () => {
    const { body } = await bulk('people', {
      create: [
        { fullName: 'First', primaryEmail: 'twice@example.com' },
        { fullName: 'Second', primaryEmail: 'twice@example.com' },
      ],
    })
    expect(body.results.map((r: any) => r.status)).toEqual([201, 409])
    expect(body.results[1].error.details.existingId).toBe(body.results[0].data.id)
  })

  it('takes 100 records, and refuses 101 whole with a 400 naming the field', async () => {
    const before = await peopleCount()
    const hundred = Array.from({ length: 100 }, (_, index) => ({ fullName: `Many ${index}` }))
    const full = await bulk('people', { create: hundred })
    expect(full.status).toBe(200)
    expect(full.body).toMatchObject({ applied: 100, failed: 0 })
    expect(await peopleCount()).toBe(before + 100)

    const tooMany = await bulk('people', { create: [...hundred, { fullName: 'One more' }] })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.error).toMatchObject({
      code: 'invalid_request',
      details: { field: 'create' },
    })
    const mixed = await bulk('people', {
      create: hundred.slice(0, 60),
      update: Array.from({ length: 41 }, () => ({ id: unknownId })),
    })
    expect(mixed.status).toBe(400)
    expect(mixed.body.error.details.field).toBe('update')
    expect(await peopleCount()).toBe(before + 100)
  })

  it('refuses a request of the wrong shape whole: empty, unknown key, not arrays', async () => {
    for (const [body, field] of [
      [{}, 'create'],
      [{ create: [] }, 'create'],
      [{ delete: [unknownId] }, 'delete'],
      [{ create: { fullName: 'x' } }, 'create'],
    ] as const) {
      const answer = await bulk('people', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error.details.field, JSON.stringify(body)).toBe(field)
    }
  })

  it('under Idempotency-Key a retry replays the results and writes nothing again', async () => {
    const body = { create: [{ fullName: 'Keyed Bulk A' }, { fullName: 'Keyed Bulk B' }] }
    const first = await bulk('people', body, { 'Idempotency-Key': 'bulk-once' })
    expect(first.status).toBe(200)
    const before = await peopleCount()
    const events = await eventsOf(server.api, async () => {
      const again = await bulk('people', body, { 'Idempotency-Key': 'bulk-once' })
      expect(again.status).toBe(200)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(again.body).toEqual(first.body)
    })
    expect(events).toEqual([])
    expect(await peopleCount()).toBe(before)
    const other = await bulk(
      'people',
      { create: [{ fullName: 'Else' }] },
      { 'Idempotency-Key': 'bulk-once' },
    )
    expect(other.status).toBe(422)
  })
})

describe('POST /api/v1/deals/bulk', () => {
  it('creates and updates deals with the stage rules of the single requests', async () => {
    const deal = await createDeal(server.api, sales)
    let answer: any
    const events = await eventsOf(server.api, async () => {
      answer = await bulk('deals', {
        create: [
          { title: 'Bulk deal', value: 10, pipelineId: sales.id, stageId: sales.open.id },
          { title: 'Wrong', value: 10, pipelineId: sales.id, stageId: unknownId },
          { title: 'No value', pipelineId: sales.id, stageId: sales.open.id },
        ],
        update: [
          { id: deal.id, stageId: sales.won.id },
          { id: deal.id, stageId: sales.lost.id },
          { id: deal.id, pipelineId: sales.id },
        ],
      })
    })
    expect(answer.status).toBe(200)
    expect(answer.body.results.map((r: any) => r.status)).toEqual([201, 422, 400, 200, 422, 400])
    expect(answer.body.results[4].error.code).toBe('lost_reason_required')
    expect(answer.body.results[3].data).toMatchObject({ id: deal.id, stageId: sales.won.id })
    expect(typesOf(events)).toEqual([
      'deal.created',
      'deal.updated',
      'deal.stage_changed',
      'deal.won',
    ])
    expect((await server.api.get(`/api/v1/deals/${deal.id}`)).body.stageId).toBe(sales.won.id)
  })

  it('is in the OpenAPI document as bulkWriteDeals and bulkWritePeople, marked as extensions', async () => {
    const { paths } = (await server.as(null).get('/api/v1/openapi.json')).body
    for (const [path, id] of [
      ['/people/bulk', 'bulkWritePeople'],
      ['/deals/bulk', 'bulkWriteDeals'],
    ] as const) {
      const operation = paths[path].post
      expect(operation.operationId).toBe(id)
      expect(operation.description).toContain('Outpost extension, not part of the v1 contract')
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '429']),
      )
    }
  })
})
