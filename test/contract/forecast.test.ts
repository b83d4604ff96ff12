import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { createDeal, salesPipeline, type PipelineInfo } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

// 25 November 2026, in a workspace on São Paulo time.
const clock = createTestClock('2026-11-25T15:00:00.000Z')
let server: TestServer
let sales: PipelineInfo
let stageIds: Record<string, string>

beforeAll(async () => {
  server = await startTestServer({ clock })
  await server.admin.patch('/api/app/v1/workspace', { timeZone: 'America/Sao_Paulo' })
  sales = await salesPipeline(server.admin)
  const pipeline = (await server.admin.get(`/api/app/v1/pipelines/${sales.id}`)).body
  stageIds = Object.fromEntries(
    pipeline.stages.map((stage: { name: string; id: string }) => [stage.name, stage.id]),
  )
})
afterAll(() => server.close())

const board = async () => (await server.admin.get(`/api/app/v1/pipelines/${sales.id}/board`)).body

describe('the board reads as a forecast', () => {
  it('a new workspace has a probability on each stage', async () => {
    const pipeline = (await server.admin.get(`/api/app/v1/pipelines/${sales.id}`)).body
    expect(pipeline.stages.map((stage: { probability: number }) => stage.probability)).toEqual([
      10, 25, 50, 75, 100, 0,
    ])
  })

  it('each column has its count, total and weighted total; the header open, weighted and won', async () => {
    await createDeal(server.api, sales, { title: 'A', value: 1000, stageId: stageIds.Proposal })
    await createDeal(server.api, sales, { title: 'B', value: 3000, stageId: stageIds.Proposal })
    const own = await createDeal(server.api, sales, {
      title: 'C',
      value: 2000,
      stageId: stageIds.Negotiation,
    })
    expect(
      (await server.admin.put(`/api/app/v1/deals/${own.id}/probability`, { probability: 90 })).body,
    ).toEqual({ probability: 90 })
    await createDeal(server.api, sales, { title: 'Won', value: 500, stageId: stageIds.Won })
    const { columns, summary } = await board()
    const proposal = columns.find(
      (column: { stageId: string }) => column.stageId === stageIds.Proposal,
    )
    expect(proposal).toMatchObject({
      count: 2,
      totals: [{ currency: 'BRL', value: 4000 }],
      weighted: [{ currency: 'BRL', value: 2000 }],
    })
    const negotiation = columns.find(
      (column: { stageId: string }) => column.stageId === stageIds.Negotiation,
    )
    expect(negotiation.deals[0]).toMatchObject({ title: 'C', probability: 90 })
    expect(negotiation.weighted).toEqual([{ currency: 'BRL', value: 1800 }])
    expect(summary).toEqual({
      open: [{ currency: 'BRL', value: 6000 }],
      weighted: [{ currency: 'BRL', value: 3800 }],
      wonThisMonth: [{ currency: 'BRL', value: 500 }],
      month: '2026-11',
    })
  })

  it('cards carry their next activity and sort by it; won and lost hold only this month', async () => {
    const later = await createDeal(server.api, sales, { title: 'Later', stageId: stageIds.Lead })
    const sooner = await createDeal(server.api, sales, { title: 'Sooner', stageId: stageIds.Lead })
    await createDeal(server.api, sales, { title: 'Idle', stageId: stageIds.Lead })
    await server.api.post('/api/v1/activities', {
      subject: 'Call',
      dealId: later.id,
      dueDate: '2026-12-10',
    })
    await server.api.post('/api/v1/activities', {
      subject: 'Demo',
      dealId: sooner.id,
      dueDate: '2026-11-20',
    })
    const lead = (await board()).columns.find(
      (column: { stageId: string }) => column.stageId === stageIds.Lead,
    )
    expect(lead.deals.map((deal: { title: string }) => deal.title)).toEqual([
      'Sooner',
      'Later',
      'Idle',
    ])
    expect(lead.deals[0].nextActivity).toMatchObject({ subject: 'Demo', dueDate: '2026-11-20' })
    expect(lead.deals[2].nextActivity).toBeNull()
    // In December, November's won deal has left the Won column.
    clock.set('2026-12-02T15:00:00.000Z')
    const december = await board()
    const won = december.columns.find(
      (column: { stageId: string }) => column.stageId === stageIds.Won,
    )
    expect(won.count).toBe(0)
    expect(december.summary.wonThisMonth).toEqual([])
    clock.set('2026-11-25T15:00:00.000Z')
  })

  it('a stage rots deals left unchanged longer than its rottingDays', async () => {
    await server.admin.patch(`/api/app/v1/pipelines/${sales.id}/stages/${stageIds.Qualified}`, {
      rottingDays: 7,
    })
    await createDeal(server.api, sales, { title: 'Stale', stageId: stageIds.Qualified })
    clock.advance(8 * 86_400_000)
    const qualified = (await board()).columns.find(
      (column: { stageId: string }) => column.stageId === stageIds.Qualified,
    )
    expect(qualified.deals[0]).toMatchObject({ title: 'Stale', rotting: true })
    clock.set('2026-11-25T15:00:00.000Z')
  })
})

describe('GET /api/app/v1/pipelines/{id}/forecast', () => {
  it('open deals by expected close month, weighted, beside the deals won each month', async () => {
    const other = await server.admin.post('/api/app/v1/pipelines', {
      name: 'Forecast',
      stages: [
        { name: 'Talking', probability: 40 },
        { name: 'Signed', type: 'won' },
      ],
    })
    const [talking, signed] = other.body.stages as { id: string }[]
    const pipeline = { id: other.body.id, open: talking, won: signed } as unknown as PipelineInfo
    await createDeal(server.api, pipeline, {
      title: 'Dec',
      value: 1000,
      stageId: talking!.id,
      expectedCloseDate: '2026-12-15',
    })
    await createDeal(server.api, pipeline, {
      title: 'Jan',
      value: 2000,
      stageId: talking!.id,
      expectedCloseDate: '2027-01-31',
    })
    await createDeal(server.api, pipeline, { title: 'Undated', value: 10, stageId: talking!.id })
    await createDeal(server.api, pipeline, { title: 'Won now', value: 700, stageId: signed!.id })
    const { status, body } = await server.admin.get(
      `/api/app/v1/pipelines/${other.body.id}/forecast?months=3`,
    )
    expect(status).toBe(200)
    expect(body.months.map((month: { month: string }) => month.month)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
    ])
    expect(body.months[0]).toMatchObject({
      openCount: 0,
      wonCount: 1,
      won: [{ currency: 'BRL', value: 700 }],
    })
    expect(body.months[1]).toMatchObject({
      openCount: 1,
      open: [{ currency: 'BRL', value: 1000 }],
      weighted: [{ currency: 'BRL', value: 400 }],
    })
    expect(body.months[2].deals[0].title).toBe('Jan')
    expect(body.noDate).toMatchObject({ month: null, openCount: 1 })

    // Deals outside the months shown are counted beside them, never dropped: one that has slipped
    // past its expected close, one beyond the last month.
    await createDeal(server.api, pipeline, {
      title: 'Slipped',
      value: 300,
      stageId: talking!.id,
      expectedCloseDate: '2026-09-30',
    })
    await createDeal(server.api, pipeline, {
      title: 'Next year',
      value: 50,
      stageId: talking!.id,
      expectedCloseDate: '2027-06-01',
    })
    const wider = await server.admin.get(`/api/app/v1/pipelines/${other.body.id}/forecast?months=3`)
    expect(wider.body.earlier).toMatchObject({
      month: null,
      openCount: 1,
      open: [{ currency: 'BRL', value: 300 }],
    })
    expect(wider.body.earlier.deals[0].title).toBe('Slipped')
    expect(wider.body.later).toMatchObject({ month: null, openCount: 1 })
    const shifted = await server.admin.get(
      `/api/app/v1/pipelines/${other.body.id}/forecast?months=3&from=2027-05`,
    )
    expect(shifted.body.months[1].deals.map((deal: { title: string }) => deal.title)).toEqual([
      'Next year',
    ])
    expect(shifted.body.earlier.openCount).toBe(3)
    const bad = await server.admin.get(
      `/api/app/v1/pipelines/${other.body.id}/forecast?from=2026-13`,
    )
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('from')
  })
})
