// Settings → Sync in the UI (issue 17, point 3): this computer's Outpost made a replica of a team
// server's workspace, its state in the window's frame, and others' changes arriving on their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { expectAccessible, openSession, screenshot, type Session } from './browser'

let session: Session
let team: TestServer

beforeAll(async () => {
  session = await openSession()
  team = await startTestServer()
})
afterAll(async () => {
  await session?.close()
  await team?.close()
})

describe('syncing with a team server', () => {
  it(
    'connects from Settings, shows the state in the frame, and brings others’ changes in',
    { timeout: 90_000 },
    async () => {
      const { page } = session
      await team.api.post('/api/v1/people', { fullName: 'Ana On The Team Server' })
      await page.getByRole('link', { name: 'Settings' }).click()
      await page.getByRole('link', { name: 'Sync' }).click()
      await page.getByRole('heading', { name: 'Sync with a team server', level: 2 }).waitFor()
      await expectAccessible(page, 'sync settings')

      await page.getByLabel('Team server address').fill(team.url)
      await page.getByLabel('API token').fill(`op_${'A'.repeat(43)}`)
      await page.getByRole('button', { name: 'Connect' }).click()
      await page.locator('.toast-error', { hasText: 'The team server refused' }).waitFor()

      await page.getByLabel('API token').fill(team.apiToken)
      await page.getByRole('button', { name: 'Connect' }).click()
      await expect.poll(() => page.getByTestId('sync-status').innerText()).toBe('Synced')
      await expect.poll(() => page.getByTestId('sync-link').innerText()).toContain(team.url)
      await screenshot(page, 'settings-sync')

      // The replicated workspace is one of this computer's now: its people are here.
      await page.locator('#workspace-picker').selectOption({ label: 'My workspace (team server)' })
      await page.getByRole('link', { name: 'People' }).click()
      await page.getByRole('link', { name: 'Ana On The Team Server' }).waitFor()

      // Someone else's change on the team server shows up here without anyone reloading.
      await team.api.post('/api/v1/people', { fullName: 'Bruno Added Meanwhile' })
      await page.getByRole('link', { name: 'Bruno Added Meanwhile' }).waitFor({ timeout: 10_000 })

      // The team server gone: the frame says so, and work goes on here.
      await team.close()
      await expect
        .poll(() => page.getByTestId('sync-status').innerText(), { timeout: 10_000 })
        .toMatch(/^Offline/)
    },
  )
})
