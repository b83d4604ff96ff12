import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { salesPipeline, type PipelineInfo } from '../support/fixtures'
import {
  dragWithMouse,
  expectAccessible,
  moveWithKeyboard,
  openSession,
  screenshot,
  type Session,
} from './browser'

let session: Session
let sales: PipelineInfo

// This month and the next, as the server (UTC here) and the page see them.
const month = (offset: number) => {
  const now = new Date()
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 15))
  return date.toISOString().slice(0, 7)
}
const monthTitle = (value: string) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${value}-01T00:00:00Z`),
  )
const card = (title: string) => `.deal-card:has(.deal-title:text-is("${title}"))`

beforeAll(async () => {
  session = await openSession()
  const { api, admin } = session.server
  await admin.patch('/api/app/v1/workspace', { timeZone: 'UTC' })
  sales = await salesPipeline(admin)
  const stage = (name: string) => sales.stages.find((item) => item.name === name)!.id
  const overdue = await api.post('/api/v1/deals', {
    title: 'Late follow-up deal',
    value: 1000,
    pipelineId: sales.id,
    stageId: stage('Proposal'),
    expectedCloseDate: `${month(0)}-20`,
  })
  await api.post('/api/v1/activities', {
    subject: 'Chase the signature',
    dealId: overdue.body.id,
    dueDate: '2026-01-05',
  })
  await api.post('/api/v1/deals', {
    title: 'Quiet deal',
    value: 3000,
    pipelineId: sales.id,
    stageId: stage('Negotiation'),
    expectedCloseDate: `${month(0)}-10`,
  })
  await session.page.reload()
})
afterAll(() => session.close())

describe('the board as a forecast', () => {
  it('shows totals and weighted totals, next-activity colours, and keeps Won and Lost in reach', async () => {
    const { page } = session
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.goto(`${session.server.url}/board/${sales.id}`)
    const summary = page.getByLabel('Pipeline totals')
    await summary.waitFor()
    // 1,000 at 50% and 3,000 at 75%.
    expect(await summary.innerText()).toMatch(/Open\s*R\$\s*4\smil/)
    expect(await summary.innerText()).toMatch(/Weighted\s*R\$\s*2,8\smil/)
    expect(
      await page.locator(`${card('Late follow-up deal')} .next-overdue`).innerText(),
    ).toContain('Chase the signature')
    expect(await page.locator(`${card('Quiet deal')} .next-none`).count()).toBe(1)
    const won = await page.locator('section.board-column.stage-won').boundingBox()
    expect(won!.x + won!.width).toBeLessThanOrEqual(1024)
    await expectAccessible(page, 'board with forecast at 1024')
    await screenshot(page, 'board-forecast-1024')
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  it('a deal page marks a deal won, and sets its own probability', async () => {
    const { page } = session
    await page.locator(card('Quiet deal')).click()
    await page.getByRole('heading', { name: 'Quiet deal' }).waitFor()
    await page.getByLabel('Probability (%)').fill('90')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Probability saved').waitFor()
    const board = await session.server.admin.get(`/api/app/v1/pipelines/${sales.id}/board`)
    expect(board.body.summary.weighted).toEqual([{ currency: 'BRL', value: 3200 }])
    await page.getByRole('button', { name: 'Won', exact: true }).click()
    await page.locator('.stage-badge.badge-won').waitFor()
    const { body } = await session.server.api.get('/api/v1/deals?pageSize=100')
    const deal = body.data.find((item: { title: string }) => item.title === 'Quiet deal')
    expect(deal.closedAt).not.toBeNull()
  })

  it('the forecast moves a deal to another month by dragging it', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'Forecast' }).click()
    const column = (value: string) =>
      `section.forecast-month:has(h2:text-is("${monthTitle(value)}"))`
    await page.locator(`${column(month(0))} ${card('Late follow-up deal')}`).waitFor()
    expect(await page.locator(column(month(0))).innerText()).toContain('Won')
    // What the columns are, and that a card can be dragged, said above them.
    expect(await page.locator('.forecast-hint').innerText()).toBe(
      "Open deals by the month they are expected to close, weighted by their stage's probability. Drag a deal to another month to change its date.",
    )
    await expectAccessible(page, 'forecast')
    await dragWithMouse(page, card('Late follow-up deal'), column(month(1)))
    await page.locator(`${column(month(1))} ${card('Late follow-up deal')}`).waitFor()
    // The date as the rest of the app writes it in the user's locale, not 2026-12-20.
    const date = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${month(1)}-20T00:00:00Z`),
    )
    await page.getByText(`Late follow-up deal: expected ${date}`).waitFor()
    expect(
      await page.locator(`${column(month(1))} ${card('Late follow-up deal')}`).innerText(),
    ).toContain(date)
    const { body } = await session.server.api.get('/api/v1/deals?pageSize=100')
    const deal = body.data.find((item: { title: string }) => item.title === 'Late follow-up deal')
    expect(deal.expectedCloseDate).toBe(`${month(1)}-20`)
    await screenshot(page, 'forecast')

    // And back with the keyboard, as the board's cards move: Space, arrow, Space.
    await moveWithKeyboard(page, card('Late follow-up deal'), column(month(0)), ['ArrowLeft'])
    await page.locator(`${column(month(0))} ${card('Late follow-up deal')}`).waitFor()
    await expect
      .poll(async () => {
        const { body: after } = await session.server.api.get(`/api/v1/deals/${deal.id}`)
        return after.expectedCloseDate
      })
      .toBe(`${month(0)}-20`)
  })

  it('keeps a deal whose close date has passed in Overdue, and pages through the months', async () => {
    const { page, server } = session
    await server.api.post('/api/v1/deals', {
      title: 'Slipped deal',
      value: 500,
      pipelineId: sales.id,
      stageId: sales.open.id,
      expectedCloseDate: `${month(-2)}-05`,
    })
    await page.goto(`${server.url}/forecast`)
    const overdue = page.locator('section.forecast-month:has(h2:text-is("Overdue"))')
    await overdue.locator(card('Slipped deal')).waitFor()
    await page.getByRole('button', { name: 'Later months ›' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(month(6))
    await page.locator(`section.forecast-month h2:text-is("${monthTitle(month(6))}")`).waitFor()
    // From six months on, this month's deals have slipped too.
    await overdue.locator(card('Late follow-up deal')).waitFor()
    await screenshot(page, 'forecast-later-months')
    await page.getByRole('button', { name: 'This month' }).click()
    await page.locator(`section.forecast-month h2:text-is("${monthTitle(month(0))}")`).waitFor()
    await expectAccessible(page, 'forecast with overdue deals')
  })
})
