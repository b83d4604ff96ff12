import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import {
  createDeal,
  createPerson,
  firstLostReasonId,
  salesPipeline,
  type PipelineInfo,
} from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

const clock = createTestClock()
let server: TestServer
let sales: PipelineInfo

beforeAll(async () => {
  server = await startTestServer({ clock })
  sales = await salesPipeline(server.admin)
  await server.admin.put('/api/app/v1/currencies/USD')
})
afterAll(() => server.close())

describe('pipeline board (management API)', () => {
  it('has one column per stage in board order, each with its count and sums per currency', async () => {
    const person = await createPerson(server.api, { fullName: 'Ana Board' })
    const owner = (await server.admin.post('/api/app/v1/users', { name: 'Rui Dono' })).body
    const company = (await server.admin.post('/api/app/v1/companies', { name: 'Acme' })).body
    const first = sales.stages[0]!
    const second = sales.stages[1]!
    await createDeal(server.api, sales, { title: 'A', value: 100.5, stageId: first.id })
    clock.advance(1000)
    await createDeal(server.api, sales, {
      title: 'B',
      value: 200,
      stageId: first.id,
      currency: 'USD',
    })
    clock.advance(1000)
    await createDeal(server.api, sales, {
      title: 'C',
      value: 50,
      stageId: first.id,
      primaryPersonId: person.id,
      ownerId: owner.id,
      primaryCompanyId: company.id,
      expectedCloseDate: '2026-12-31',
    })
    clock.advance(1000)
    await createDeal(server.api, sales, { title: 'D', value: 7, stageId: second.id })

    const { status, body } = await server.admin.get(`/api/app/v1/pipelines/${sales.id}/board`)
    expect(status).toBe(200)
    expect(body.pipeline.id).toBe(sales.id)
    expect(body.columns.map((column: any) => column.stageId)).toEqual(
      sales.stages.map((stage) => stage.id),
    )
    const [lead, qualified] = body.columns
    expect(lead.count).toBe(3)
    expect(lead.totals).toEqual([
      { currency: 'BRL', value: 150.5 },
      { currency: 'USD', value: 200 },
    ])
    expect(lead.deals.map((deal: any) => deal.title)).toEqual(['C', 'B', 'A'])
    expect(lead.deals[0]).toMatchObject({
      personName: 'Ana Board',
      ownerName: 'Rui Dono',
      companyName: 'Acme',
      expectedCloseDate: '2026-12-31',
      value: 50,
      currency: 'BRL',
    })
    expect(qualified).toMatchObject({ count: 1, totals: [{ currency: 'BRL', value: 7 }] })
    expect(body.columns.at(-1)).toMatchObject({ count: 0, totals: [], deals: [] })
  })

  it('a moved deal shows in its new column at the top', async () => {
    const deal = await createDeal(server.api, sales, { title: 'Mover', value: 1 })
    clock.advance(1000)
    const lostReasonId = await firstLostReasonId(server.admin)
    await server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: sales.lost.id, lostReasonId })
    const { body } = await server.admin.get(`/api/app/v1/pipelines/${sales.id}/board`)
    const lost = body.columns.find((column: any) => column.stageId === sales.lost.id)
    expect(lost.deals[0]).toMatchObject({ id: deal.id, lostReasonId, closedAt: expect.any(String) })
  })

  it('is 404 for a pipeline of another workspace', async () => {
    const other = await server.otherWorkspace('Other board')
    expect((await other.admin.get(`/api/app/v1/pipelines/${sales.id}/board`)).status).toBe(404)
  })
})

describe('deals of a person and deal timeline (management API)', () => {
  it("lists a person's deals and a deal's stage changes newest first", async () => {
    const person = await createPerson(server.api, { fullName: 'Deal Owner Person' })
    const deal = await createDeal(server.api, sales, {
      title: 'Theirs',
      primaryPersonId: person.id,
    })
    await createDeal(server.api, sales, { title: 'Not theirs' })
    const list = await server.admin.get(`/api/app/v1/deals?personId=${person.id}`)
    expect(list.status).toBe(200)
    expect(list.body.data.map((item: any) => item.title)).toEqual(['Theirs'])
    expect(list.body.total).toBe(1)

    await server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: sales.won.id })
    const timeline = await server.admin.get(`/api/app/v1/deals/${deal.id}/events`)
    expect(timeline.body.data.map((event: any) => event.type)).toEqual([
      'deal.won',
      'deal.stage_changed',
      'deal.updated',
      'deal.created',
    ])
    expect(timeline.body.data[1].data.previous.stageId).toBe(sales.open.id)
  })
})
