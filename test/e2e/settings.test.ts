import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onPostgres } from '../support/postgres'
import { caller } from '../support/server'
import { expectAccessible, openSession, screenshot, type Session } from './browser'

let session: Session

beforeAll(async () => {
  session = await openSession({ colorScheme: 'dark' })
})
afterAll(() => session.close())

describe('settings', () => {
  it('creates an API token, shows it once with a copy button, and the token works', async () => {
    const { page, server } = session
    await page.goto(`${server.url}/settings/tokens`)
    await page.getByLabel('Token name').fill('Sync script')
    await page.getByLabel('Scope').selectOption('api')
    await page.getByRole('button', { name: 'Create token' }).click()
    const dialog = page.getByRole('dialog', { name: 'Your new token' })
    const token = await dialog.getByTestId('created-token').innerText()
    expect(token).toMatch(/^op_[A-Za-z0-9_-]{43}$/)
    await dialog.getByRole('button', { name: 'Copy' }).waitFor()
    await screenshot(page, 'settings-token-created')
    await dialog.getByRole('button', { name: 'Done' }).click()
    expect(await page.locator('.data-table').innerText()).not.toContain(token)

    const script = caller(server.url, token)
    const created = await script.post('/api/v1/people', { fullName: 'Made by the script' })
    expect(created.status).toBe(201)
    expect((await script.get('/api/app/v1/pipelines')).status).toBe(403)

    await page
      .getByRole('row', { name: /Sync script/ })
      .getByRole('button', { name: 'Revoke' })
      .click()
    await page
      .getByRole('dialog', { name: 'Revoke this token?' })
      .getByRole('button', { name: 'Revoke token' })
      .click()
    await expect.poll(async () => (await script.get('/api/v1/people')).status).toBe(401)
  })

  it('every settings screen has no serious accessibility problems, in the dark theme too', async () => {
    const { page, server } = session
    const screens = [
      ['pipelines', 'Pipelines and stages'],
      ['lost-reasons', 'Lost reasons'],
      ['users', 'Users'],
      ['currencies', 'Currencies'],
      ['workspace', 'Workspace'],
      ['tokens', 'API tokens'],
    ] as const
    for (const [path, heading] of screens) {
      await page.goto(`${server.url}/settings/${path}`)
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor()
      await page.locator('[aria-label^="Loading"]').first().waitFor({ state: 'detached' })
      await screenshot(page, `settings-${path}-dark`)
      await expectAccessible(page, `settings ${path}`)
    }
  })

  it('adds a lost reason and enables a currency', async () => {
    const { page, server } = session
    await page.goto(`${server.url}/settings/lost-reasons`)
    await page.getByLabel('New lost reason').fill('Timing')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByText('“Timing” added').waitFor()
    await page.goto(`${server.url}/settings/currencies`)
    await page.getByLabel('Enable a currency').selectOption('USD')
    await page.getByRole('button', { name: 'Enable' }).click()
    await page.getByText('USD enabled').waitFor()
    const { body } = await server.admin.get('/api/app/v1/currencies')
    expect(body.data.map((currency: any) => currency.code)).toEqual(['BRL', 'USD'])
    const reasons = await server.admin.get('/api/app/v1/lost-reasons')
    expect(reasons.body.data.map((reason: any) => reason.name)).toContain('Timing')
  })

  it('a user’s e-mail another user has is refused, and the field goes back to the saved one', async () => {
    const { page, server } = session
    await server.admin.post('/api/app/v1/users', { name: 'Rita Dias', email: 'rita@example.com' })
    const { body: caio } = await server.admin.post('/api/app/v1/users', {
      name: 'Caio Reis',
      email: 'caio@example.com',
    })
    await page.goto(`${server.url}/settings/users`)
    const email = page.getByLabel('E-mail of Caio Reis')
    await email.fill('rita@example.com')
    await email.blur()
    await page
      .locator('.toast')
      .filter({ hasText: /rita@example\.com|e-mail/i })
      .first()
      .waitFor()
    await expect.poll(() => email.inputValue()).toBe('caio@example.com')
    expect((await server.admin.get(`/api/app/v1/users/${caio.id}`)).body.email).toBe(
      'caio@example.com',
    )
  })

  it('renames the workspace, and the sidebar says the new name at once', async () => {
    const { page, server } = session
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Workspace' })
      .click()
    const id = (await server.admin.get('/api/app/v1/workspace')).body.id
    // Its id, as the API's records carry it in tenantId.
    await page.getByText(id).waitFor()
    await page.getByLabel('Name of the workspace').fill('Quintela Vendas')
    await page.getByRole('button', { name: 'Rename' }).click()
    await page.getByText('Workspace renamed to “Quintela Vendas”').waitFor()
    await expect
      .poll(() => page.locator('.sidebar-footer').innerText())
      .toContain('Workspace: Quintela Vendas')
    expect((await server.admin.get('/api/app/v1/workspace')).body.name).toBe('Quintela Vendas')
  })

  it('sets how many days delivered events are kept', async () => {
    const { page, server } = session
    await page.goto(`${server.url}/settings/outbound`)
    const days = page.getByLabel('Days to keep delivered events')
    await expect.poll(() => days.inputValue()).toBe('30')
    await days.fill('7')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Delivered events are kept 7 days').waitFor()
    expect((await server.admin.get('/api/app/v1/workspace')).body.eventRetentionDays).toBe(7)
  })

  it("sets the rate limits (per token, per inbound webhook) and the bounds of a webhook's request log", async () => {
    const { page, server } = session
    await page.goto(`${server.url}/settings/tokens`)
    const perToken = page.getByLabel('Requests per minute, per token')
    await expect.poll(() => perToken.inputValue()).toBe('300')
    await perToken.fill('120')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(async () => (await server.admin.get('/api/app/v1/workspace')).body.rateLimitPerMinute)
      .toBe(120)

    await page.goto(`${server.url}/settings/inbound`)
    await page.getByRole('link', { name: 'New inbound webhook' }).click()
    await page.getByLabel('Name').fill('Slow form')
    const perMinute = page.getByLabel('Deliveries per minute')
    expect(await perMinute.inputValue()).toBe('300')
    await perMinute.fill('0')
    await page.getByRole('button', { name: 'Create webhook' }).click()
    await page.getByText('A whole number from 1 to 100,000').waitFor()
    await perMinute.fill('50')
    // The request log's bounds, with their defaults: 500 requests, 8 MiB.
    const kept = page.getByLabel('Requests kept in the log')
    const size = page.getByLabel('Log size, MiB')
    expect([await kept.inputValue(), await size.inputValue()]).toEqual(['500', '8'])
    await size.fill('2000')
    await page.getByRole('button', { name: 'Create webhook' }).click()
    await page.getByText('A whole number from 1 to 1,024').waitFor()
    await kept.fill('100')
    await size.fill('2')
    await page.getByRole('button', { name: 'Create webhook' }).click()
    await page
      .getByRole('dialog', { name: "The webhook's URL" })
      .getByRole('button', { name: 'Done' })
      .click()
    const { body } = await server.admin.get('/api/app/v1/inbound-webhooks')
    const created = body.data.find((webhook: any) => webhook.name === 'Slow form')
    expect(created).toMatchObject({
      rateLimitPerMinute: 50,
      logMaxRequests: 100,
      logMaxBytes: 2 * 1024 * 1024,
    })
  })
  // The data folder's backups; on PostgreSQL they are pg_dump's (docs/team-server.md).
  it.skipIf(onPostgres())(
    'backs up now, shows how it went, and restores a backup after asking',
    async () => {
      const { page, server } = session
      await page.goto(`${server.url}/settings/backups`)
      await page.getByRole('button', { name: 'Back up now' }).click()
      await page.getByTestId('last-backup').getByText('Checked').waitFor()
      const rows = page.getByRole('row')
      await rows.nth(1).getByRole('button', { name: 'Restore' }).click()
      const dialog = page.getByRole('dialog', { name: 'Restore this backup?' })
      await dialog.getByRole('button', { name: 'Restore' }).click()
      await page.getByText(/^Restored outpost-/).waitFor()
      // The backup of the moment before is listed, to undo.
      await page.getByRole('cell', { name: 'Before a restore' }).waitFor()
    },
  )
})
