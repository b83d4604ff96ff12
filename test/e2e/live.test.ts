import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInboundWebhook, deliver } from '../support/inbound'
import { openSession, screenshot, type Session } from './browser'

let session: Session

beforeAll(async () => {
  session = await openSession()
})
afterAll(() => session.close())

describe('live updates', () => {
  it('a person sent by an inbound webhook appears in the open people table, without a reload', async () => {
    const { page, server } = session
    await page.getByRole('link', { name: 'People' }).click()
    await page.getByText('No people yet').waitFor()
    await page.locator('.live-status', { hasText: 'Live' }).waitFor()
    const webhook = await createInboundWebhook(server, {
      name: 'Website form',
      mapping: { fullName: '{{name}}', primaryEmail: '{{email}}', leadSource: 'website' },
    })
    const sentAt = Date.now()
    const response = await deliver(server, webhook.path, {
      name: 'Lívia Webhook',
      email: 'livia@example.com',
    })
    expect(response.status).toBe(201)
    const row = page.locator('.people-table tbody tr', { hasText: 'Lívia Webhook' })
    await row.waitFor()
    // The change feed's stream brings it within a second (with room for a busy test machine).
    expect(Date.now() - sentAt).toBeLessThan(3000)
    expect(await row.getAttribute('class')).toContain('row-new')
    await screenshot(page, 'people-live-inbound')
  })

  it('a deal created and moved through the REST API shows up on the open board', async () => {
    const { page, server } = session
    await page.getByRole('link', { name: 'Board' }).click()
    const { body } = await server.admin.get('/api/app/v1/pipelines')
    const sales = body.data.find((pipeline: any) => pipeline.name === 'Sales')
    const [lead, qualified] = sales.stages
    await page.locator('.board-column').first().waitFor()
    const { body: deal } = await server.api.post('/api/v1/deals', {
      title: 'From a script',
      value: 99,
      pipelineId: sales.id,
      stageId: lead.id,
    })
    const card = page.locator('.deal-card', { hasText: 'From a script' })
    await page
      .locator(`[data-stage-id="${lead.id}"] .deal-card`, { hasText: 'From a script' })
      .waitFor()
    await server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: qualified.id })
    await page
      .locator(`[data-stage-id="${qualified.id}"] .deal-card`, { hasText: 'From a script' })
      .waitFor()
    expect(await card.count()).toBe(1)
  })
})
