import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../src/server/logger'
import { startServer } from '../../src/server/server'
import { startTestServer, type TestServer } from '../support/server'
import {
  chromiumArgs,
  chromiumPath,
  expectAccessible,
  requireBuiltUi,
  screenshot,
  uiDir,
} from './browser'

let browser: Browser
let server: TestServer

beforeAll(async () => {
  requireBuiltUi()
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  server = await startTestServer({ uiDir })
})
afterAll(async () => {
  await browser.close()
  await server.close()
})

describe('signing in to the UI', () => {
  it('without a session, the UI explains where the login link is and shows no data', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/people`)
    await page.getByRole('heading', { name: 'Sign in to Outpost' }).waitFor()
    expect(await page.locator('.people-table').count()).toBe(0)
    // It names the address it was opened on and the command that mints a new link.
    const card = await page.locator('main').innerText()
    expect(card).toContain(`Outpost at ${server.url}`)
    expect(card).toContain('npx outpost login-link')
    await screenshot(page, 'signed-out')
    await expectAccessible(page, 'sign-in page')
    await context.close()
  })

  it('the login link signs a browser in once; another browser cannot reuse it', async () => {
    const first = await browser.newContext()
    const page = await first.newPage()
    await page.goto(server.loginUrl)
    await page.waitForURL(/\/board\//)
    const [cookie] = await first.cookies()
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' })

    const second = await browser.newContext()
    const other = await second.newPage()
    const response = await other.goto(server.loginUrl)
    expect(response?.status()).toBe(401)
    expect(await other.getByRole('heading').innerText()).toBe('This login link is not valid')
    const text = await other.locator('main').innerText()
    expect(text).toContain(`Outpost at ${server.url}`)
    expect(text).toContain('npx outpost login-link')
    // Styled like the UI's own card, not the browser's default page.
    const background = await other.evaluate('getComputedStyle(document.body).backgroundColor')
    expect(background).not.toBe('rgba(0, 0, 0, 0)')
    await screenshot(other, 'login-link-used')
    await expectAccessible(other, 'login link used page')
    await second.close()

    await page.getByRole('button', { name: 'Sign out' }).click()
    // The session is gone on the server too: the cookie the browser kept no longer works.
    await page.getByRole('heading', { name: 'Sign in to Outpost' }).waitFor()
    const stale = await fetch(`${server.url}/api/session`, {
      headers: { Cookie: `${cookie!.name}=${cookie!.value}` },
    })
    expect(stale.status).toBe(401)
    await page.getByRole('heading', { name: 'Sign in to Outpost' }).waitFor()
    await page.goto(`${server.url}/board`)
    await page.getByRole('heading', { name: 'Sign in to Outpost' }).waitFor()
    await first.close()
  })

  it('the desktop window signs in by itself with the secret its main process hands it', async () => {
    const secret = randomBytes(32).toString('base64url')
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-desktop-ui-'))
    const desktop = await startServer({
      dataDir,
      port: 0,
      uiDir,
      logger: silentLogger,
      desktopSessionSecret: secret,
    })
    try {
      const context = await browser.newContext()
      // What src/preload exposes as window.outpost.
      await context.addInitScript(
        `window.outpost = { version: '0', sessionSecret: '${secret}', setLanguage() {} }`,
      )
      const page = await context.newPage()
      await page.goto(desktop.url)
      await page.getByRole('heading', { name: 'Pipeline' }).waitFor()
      expect(await page.locator('.board-column').count()).toBeGreaterThan(0)
      await context.close()
    } finally {
      await desktop.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
