import type { Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoWorkspace } from '../../src/server/demo/seed'
import { clickAtOnce, openSession, type Session } from './browser'

let session: Session

beforeAll(async () => {
  session = await openSession()
  await seedDemoWorkspace(session.server.db, new Date())
  // The session lists workspaces when the page loads: load it again to see the new one.
  await session.page.reload()
})
afterAll(() => session.close())

/** What `slowly` held back, so a test knows it slowed what it meant to. */
const held: string[] = []

/** Holds a request back for a while, as a slow disk or a busy machine would. */
const slowly = (ms: number) => async (route: Route) => {
  held.push(new URL(route.request().url()).pathname)
  await new Promise((resolve) => setTimeout(resolve, ms))
  await route.continue()
}

// /board names no pipeline: the board puts the one it shows in the address. That must never
// undo where the user went meanwhile.
describe('the board naming its pipeline in the address', () => {
  it('names the first pipeline of a workspace chosen', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'Companies' }).click()
    await page.waitForURL(/\/companies$/)
    await page.getByLabel('Workspace').selectOption({ label: 'Demo' })
    await page.waitForURL(/\/board\/.+/)
    const named = new URL(page.url()).pathname.split('/').at(-1)
    const picker = page.getByLabel('Pipeline', { exact: true })
    await expect.poll(() => picker.inputValue()).toBe(named)
    expect(await picker.locator('option:checked').innerText()).toBe('Sales')
  })

  // The first visit to People in this session: its screen's code is still to load.
  it('keeps a click on People made while a workspace chosen still loads', async () => {
    const { page } = session
    // The pipelines answer while the People screen is still on its way.
    await page.route('**/api/app/v1/pipelines*', slowly(300))
    await page.route('**/assets/people-page-*.js', slowly(1_000))
    await page.getByLabel('Workspace').selectOption({ label: 'My workspace' })
    await page.getByRole('link', { name: 'People' }).click()
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor()
    expect(page.url()).toMatch(/\/people$/)
    expect(held).toEqual(expect.arrayContaining(['/api/app/v1/pipelines']))
    expect(held.some((path) => path.includes('/people-page-'))).toBe(true)
    await page.unrouteAll()
  })

  it('keeps a click on People made the moment the board shows its pipelines', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'Companies' }).click()
    await page.waitForURL(/\/companies$/)
    const peopleOnceBoardShows = `document.querySelector('#pipeline-picker:enabled')
      && document.querySelector('nav a[href="/people"]')`
    await clickAtOnce(page, peopleOnceBoardShows, () =>
      page.getByRole('link', { name: 'Board' }).click(),
    )
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor()
    expect(page.url()).toMatch(/\/people$/)
  })
})
