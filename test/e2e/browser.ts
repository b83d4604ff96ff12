import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { expect } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'

export const uiDir = resolve('out/renderer')
const screenshots = resolve('test-results/screenshots')
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Fails early, and clearly, when the renderer has not been built (npm test builds it first). */
export function requireBuiltUi(): void {
  if (!existsSync(join(uiDir, 'index.html'))) {
    throw new Error(
      'out/renderer/index.html is missing: run `npx electron-vite build` (or `npm test`, which ' +
        'builds first) before the end-to-end tests',
    )
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium is not at ${chromiumPath}: install Debian's chromium package`)
  }
}

export interface Session {
  server: TestServer
  /** Strings the page asked i18next for that no catalogue has. */
  missingTranslations: string[]
  browser: Browser
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

/**
 * The real headless server with the built UI, and Chromium signed in through the server's
 * one-time login link, as a person would be. The system's locale is Brazilian (money and dates
 * follow it); the interface is English unless `language` says otherwise ('system' follows the
 * locale, as a new user's would). Closing fails if any screen used a key with no translation.
 */
export async function openSession(
  options: {
    colorScheme?: 'light' | 'dark'
    locale?: string
    language?: 'en' | 'pt-BR' | 'system'
  } = {},
): Promise<Session> {
  requireBuiltUi()
  const server = await startTestServer({ uiDir })
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    locale: options.locale ?? 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  const language = options.language ?? 'en'
  if (language !== 'system') {
    // As if the user had picked it in Settings; a later pick in the test is kept.
    // A string, since the tests are type-checked without the DOM's types.
    await context.addInitScript(
      `if (!localStorage.getItem('outpost.language')) localStorage.setItem('outpost.language', '${language}')`,
    )
  }
  const page = await context.newPage()
  const missingTranslations: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('Missing translation'))
      missingTranslations.push(message.text())
  })
  page.setDefaultTimeout(15_000)
  await page.goto(server.loginUrl)
  await page.waitForURL(/\/board\//)
  return {
    server,
    missingTranslations,
    browser,
    context,
    page,
    close: async () => {
      await browser.close()
      await server.close()
      expect(missingTranslations, 'keys with no translation').toEqual([])
    },
  }
}

/** Saves what the page shows under test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true })
  await page.screenshot({ path: join(screenshots, `${name}.png`) })
}

/** Runs axe-core on the page and fails on any serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }))
  expect(severe, `axe on ${screen}`).toEqual([])
}

/**
 * Drags with the mouse from the middle of one element into another, and lets go only once the
 * target shows that the card is over it (`is-over`), as a person would watch for it: on a busy
 * machine the page may take a moment to notice where the pointer is.
 */
export async function dragWithMouse(page: Page, from: string, to: string): Promise<void> {
  await holdOver(page, from, to)
  await page.mouse.up()
}

/** `dragWithMouse` without letting go: the button stays down over the target. */
export async function holdOver(page: Page, from: string, to: string): Promise<void> {
  const source = await page.locator(from).boundingBox()
  const target = await page.locator(to).boundingBox()
  if (!source || !target) throw new Error(`cannot drag ${from} to ${to}: not on screen`)
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2)
  await page.mouse.down()
  // Past the 6 px that tell a drag from a click, then across in steps, as a hand would.
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2, {
    steps: 2,
  })
  const x = target.x + target.width / 2
  await page.mouse.move(x, target.y + 120, { steps: 12 })
  const over = page.locator(to).and(page.locator('.is-over'))
  for (let nudge = 0; nudge < 20 && !(await over.count()); nudge++) {
    await page.waitForTimeout(100)
    await page.mouse.move(x, target.y + 120 + (nudge % 2 === 0 ? 4 : -4))
  }
  await over.waitFor()
}

/**
 * Does `act`, and clicks the element `target` finds the moment it finds one: sooner than a
 * Playwright action after a wait could, as a quick hand (or a loaded machine) does. `target` is a
 * JavaScript expression run in the page on every change to it, giving an element or nothing.
 * Resolves once the click is made.
 */
export async function clickAtOnce(
  page: Page,
  target: string,
  act: () => Promise<void>,
): Promise<void> {
  // Strings, since the tests are type-checked without the DOM's types.
  await page.evaluate(`window.clickedAtOnce = false
  new MutationObserver((_, observer) => {
    const target = ${target}
    if (target) {
      observer.disconnect()
      target.click()
      window.clickedAtOnce = true
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true })`)
  await act()
  // Polled from here: waitForFunction evaluates a string in the page, which its CSP forbids.
  await expect.poll(() => page.evaluate('window.clickedAtOnce')).toBe(true)
}

/**
 * Lets go of a card held by `holdOver`, and clicks the button or label with this text the moment
 * a dialog holding it opens.
 */
export async function dropAndClickAtOnce(page: Page, text: string): Promise<void> {
  const inDialog = `[...document.querySelectorAll('dialog[open] :is(button, label)')]
      .find((element) => element.textContent.trim() === ${JSON.stringify(text)})`
  await clickAtOnce(page, inDialog, () => page.mouse.up())
}

/** Resolves after the page has painted two more frames. */
export async function nextFrames(page: Page): Promise<void> {
  // A string, since the tests are type-checked without the DOM's types.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  )
}

/** Presses keys one after another, giving drag and drop a moment to measure between them. */
export async function pressKeys(page: Page, ...keys: string[]): Promise<void> {
  for (const key of keys) {
    await page.keyboard.press(key)
    await page.waitForTimeout(150)
  }
}

/**
 * Moves a card with the keyboard: Space picks it up, each arrow carries it one column, Space drops
 * it once the target column shows it is over it.
 */
export async function moveWithKeyboard(
  page: Page,
  card: string,
  to: string,
  arrows: string[],
): Promise<void> {
  await page.locator(card).focus()
  await page.keyboard.press('Space')
  await page.locator('.deal-card.is-dragging').waitFor()
  // dnd-kit measures the columns in the frames after a pick-up; an arrow pressed before that is
  // lost (a person's hand is never that quick).
  await nextFrames(page)
  await pressKeys(page, ...arrows)
  await page.locator(to).and(page.locator('.is-over')).waitFor()
  await page.keyboard.press('Space')
}
