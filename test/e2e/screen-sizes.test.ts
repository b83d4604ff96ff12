import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoWorkspace } from '../../src/server/demo/seed'
import { openSession, screenshot, type Session } from './browser'

let session: Session

beforeAll(async () => {
  session = await openSession()
  await seedDemoWorkspace(session.server.db, new Date())
  await session.page.reload()
  await session.page.getByLabel('Workspace').selectOption({ label: 'Demo' })
  await session.page.locator('.deal-card').first().waitFor()
})
afterAll(() => session.close())

/** What a screen must not do at any width: each finding names the element and what is wrong. */
interface Layout {
  narrowControls: string[]
  clippedText: string[]
  outOfReach: string[]
}

// Runs in the page (a string: the tests' Node types do not describe the DOM). Text controls under
// 60 px cannot show a word; names that overflow their box are clipped (ellipsis included); a
// button or control of the header past the viewport's right edge cannot be reached.
const measureLayout = `(() => {
  const visible = (el) => {
    const box = el.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden'
  }
  const name = (el) => (el.id ? '#' + el.id : el.className || el.tagName) + ' "' + (el.value || el.textContent || '').trim().slice(0, 40) + '"'
  const controls = [...document.querySelectorAll('main input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=color]), main select, main textarea')]
  const names = [...document.querySelectorAll('main h1, main h2, main td, main th, .deal-title, .deal-linked, .owner-name, .person-name-text, .detail-value, .settings-nav a, .column-title h2, .lifecycle')]
  const header = [...document.querySelectorAll('main .page-header button, main .page-header select, main .page-header a, main header button, main header select')]
  return {
    narrowControls: controls.filter(visible).filter((el) => el.getBoundingClientRect().width < 60).map(name),
    clippedText: names.filter(visible).filter((el) => el.scrollWidth > el.clientWidth + 1).map(name),
    outOfReach: header.filter(visible).filter((el) => el.getBoundingClientRect().right > window.innerWidth).map(name),
  }
})()`

async function expectUsable(page: Page, screen: string) {
  const layout = (await page.evaluate(measureLayout)) as Layout
  expect(layout, screen).toEqual({ narrowControls: [], clippedText: [], outOfReach: [] })
}

const screens: { name: string; open: (page: Page) => Promise<void> }[] = [
  { name: 'board', open: (page) => go(page, '/board', '.deal-card') },
  {
    name: 'deal',
    open: async (page) => {
      await go(page, '/board', '.deal-card')
      await page.locator('.deal-card').first().click()
      await page.locator('.detail-value').first().waitFor()
    },
  },
  { name: 'people', open: (page) => go(page, '/people', '.people-table tbody tr') },
  { name: 'deals', open: (page) => go(page, '/deals', '.deals-table tbody tr') },
  { name: 'my-work', open: (page) => go(page, '/my-work', '.activity-item') },
  { name: 'forecast', open: (page) => go(page, '/forecast', '.forecast-month') },
  { name: 'companies', open: (page) => go(page, '/companies', '.companies-table tbody tr') },
  {
    name: 'company',
    open: async (page) => {
      await go(page, '/companies', '.companies-table tbody tr')
      await page.locator('.companies-table tbody a').first().click()
      await page.locator('.work-card').waitFor()
    },
  },
  {
    name: 'person',
    open: async (page) => {
      await go(page, '/people', '.people-table tbody tr')
      await page.locator('.person-name').first().click()
      await page.locator('.detail-card').first().waitFor()
    },
  },
  ...[
    'pipelines',
    'lost-reasons',
    'activities',
    'users',
    'currencies',
    'tokens',
    'inbound',
    'outbound',
    'tunnel',
    'import-export',
  ].map((section) => ({
    name: `settings-${section}`,
    open: (page: Page) => go(page, `/settings/${section}`, '.settings-content h2'),
  })),
]

async function go(page: Page, path: string, ready: string) {
  await page.goto(new URL(path, session.server.url).href)
  await page.locator(ready).first().waitFor()
}

// Portuguese words run longer than English ones: each screen is measured in both languages.
describe.each(['en', 'pt-BR'])('in %s', (language) => {
  beforeAll(async () => {
    await session.page.evaluate(`localStorage.setItem('outpost.language', '${language}')`)
    await session.page.reload()
  })

  describe.each([
    { width: 1024, height: 768 },
    { width: 1440, height: 900 },
  ])('every main screen at $width x $height', ({ width, height }) => {
    beforeAll(() => session.page.setViewportSize({ width, height }))

    it.each(screens)(
      '$name: no collapsed input, no clipped name, the header in reach',
      async (screen) => {
        const { page } = session
        await screen.open(page)
        await expectUsable(page, `${screen.name} at ${width} in ${language}`)
        await screenshot(page, `${screen.name}-${width}-${language}`)
      },
    )
  })
})
