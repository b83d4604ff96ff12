import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible, openSession, type Session } from './browser'

let session: Session

beforeAll(async () => {
  session = await openSession()
})
afterAll(() => session.close())

describe('settings for activities and tokens', () => {
  it('sets the workspace time zone, the default reminder, and adds an activity type', async () => {
    const { page } = session
    await page.goto(`${session.server.url}/settings/activities`)
    await page.getByLabel('Time zone').selectOption('America/Manaus')
    await page.getByLabel('Default reminder').selectOption({ label: '30 minutes before' })
    await expect
      .poll(async () => (await session.server.admin.get('/api/app/v1/workspace')).body)
      .toMatchObject({ timeZone: 'America/Manaus', reminderMinutes: 30 })
    // The key follows the name, as the API's rule writes keys, until it is typed in itself.
    await page.getByLabel('Type name').fill('Visita técnica')
    expect(await page.getByLabel('Type key').inputValue()).toBe('visita-tecnica')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByRole('button', { name: 'Remove Visita técnica' }).waitFor()
    await page.getByLabel('Type name').fill('Site visit')
    await page.getByLabel('Type key').fill('visit')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByRole('button', { name: 'Remove Site visit' }).waitFor()
    const created = await session.server.api.post('/api/v1/activities', {
      type: 'visit',
      subject: 'Visit the plant',
      dueDate: '2026-12-01',
      dueTime: '10:00',
    })
    expect(created.body).toMatchObject({
      timeZone: 'America/Manaus',
      reminderMinutes: 30,
      dueAt: '2026-12-01T14:00:00.000Z',
    })
    await expectAccessible(page, 'activities settings')
  })

  it('gives a token its own rate limit', async () => {
    const { page } = session
    await page.goto(`${session.server.url}/settings/tokens`)
    const input = page.getByLabel('Requests a minute for test api')
    await input.fill('42')
    await input.press('Enter')
    await page.getByText('test api: rate limit saved').waitFor()
    const { body } = await session.server.admin.get('/api/app/v1/tokens')
    expect(body.data.find((token: { name: string }) => token.name === 'test api')).toMatchObject({
      rateLimitPerMinute: 42,
    })
  })
})
