import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoWorkspace } from '../../src/server/demo/seed'
import { expectAccessible, openSession, screenshot, type Session } from './browser'

let session: Session

beforeAll(async () => {
  session = await openSession()
  // Wide enough for the whole Sales pipeline, won and lost columns included (README screenshots).
  await session.page.setViewportSize({ width: 1920, height: 1080 })
  await seedDemoWorkspace(session.server.db, new Date())
  // The session lists workspaces when the page loads: load it again to see the new one.
  await session.page.reload()
})
afterAll(() => session.close())

describe('the main screens, full of demo data', () => {
  it('switches to another workspace of the data folder', async () => {
    const { page } = session
    await page.getByLabel('Workspace').selectOption({ label: 'Demo' })
    // Until the board moves to the new workspace's first pipeline, the picker says Loading….
    const pipelines = () =>
      page.getByLabel('Pipeline', { exact: true }).locator('option').allInnerTexts()
    await expect.poll(pipelines).toEqual(['Sales', 'Partnerships'])
  })

  it('board: columns with counts and sums per currency, no serious accessibility problems', async () => {
    const { page } = session
    await page.locator('.deal-card').first().waitFor()
    const totals = await page.locator('.column-totals').allInnerTexts()
    expect(totals.join(' ')).toMatch(/R\$/)
    expect(totals.join(' ')).toMatch(/US\$/)
    await screenshot(page, 'demo-board')
    await expectAccessible(page, 'board with demo data')
  })

  it('people: a page of the table, no serious accessibility problems', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'People' }).click()
    await page.locator('.people-table tbody tr').first().waitFor()
    expect(await page.locator('.pagination-range').innerText()).toBe('1–25 of 200')
    await screenshot(page, 'demo-people')
    await expectAccessible(page, 'people with demo data')
  })

  it('the keyboard shortcuts are listed in the app', async () => {
    const { page } = session
    await page.keyboard.press('?')
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await dialog.getByText('Carry a picked-up card to the previous or next stage').waitFor()
    await dialog.getByRole('heading', { name: 'Deals list' }).waitFor()
    await expectAccessible(page, 'shortcuts dialog')
    await page.keyboard.press('Escape')
    // g then a letter goes to each screen (each loaded before the next keys are pressed).
    for (const [letter, path, ready] of [
      ['w', /\/my-work$/, '.activity-item'],
      ['f', /\/forecast/, '.forecast-month'],
      ['c', /\/companies$/, '.companies-table'],
      ['d', /\/deals$/, '.deals-table'],
      ['p', /\/people$/, '.people-table'],
      ['b', /\/board\/./, '.deal-card'],
    ] as const) {
      await page.keyboard.press('g')
      await page.keyboard.press(letter)
      await page.waitForURL(path)
      await page.locator(ready).first().waitFor()
    }
    await page.keyboard.press('g')
    await page.keyboard.press('s')
    await page.waitForURL(/\/settings\/pipelines/)
    // "/" from anywhere lands in the people search box, ready to type.
    await page.keyboard.press('/')
    await page.waitForURL(/\/people$/)
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.id'))
      .toBe('people-search')
  })

  it('the dark theme follows the system setting', async () => {
    const { page } = session
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.getByRole('link', { name: 'Board' }).click()
    await page.locator('.deal-card').first().waitFor()
    // A string: this runs in the page, whose DOM the tests' Node types do not describe.
    const background = await page.evaluate('getComputedStyle(document.body).backgroundColor')
    expect(background).toBe('rgb(15, 18, 22)')
    await screenshot(page, 'demo-board-dark')
    await expectAccessible(page, 'board, dark theme')
  })
})
