// Settings → Team server in the desktop app (issue 16, point 5). Electron cannot run here, so the
// preload's bridge is stood in for by one that calls the main process's real check
// (src/main/team-server.ts); everything the renderer does is the real thing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkTeamServer } from '../../src/main/team-server'
import { createLoginLink } from '../../src/server/sessions/service'
import { startTestServer, type TestServer } from '../support/server'
import { expectAccessible, openSession, type Session } from './browser'

let session: Session
let team: TestServer
const connectedTo: string[] = []

/** `window.outpost` as the preload makes it, on this computer's server or on a team server. */
const bridgeScript = (origin: string | null) => `
  window.outpost = {
    version: 'test',
    apiUrl: location.origin,
    tunnel: { state: async () => null, setEnabled: async () => null },
    openDataFolder: async () => {},
    setLanguage: () => {},
    teamServer: {
      origin: ${JSON.stringify(origin)},
      connect: (address) => window.connectTeamServer(address),
      disconnect: () => window.disconnectTeamServer(),
    },
  }`

beforeAll(async () => {
  session = await openSession()
  team = await startTestServer()
  await session.context.exposeFunction('connectTeamServer', async (address: string) => {
    const checked = await checkTeamServer(address)
    if ('error' in checked) return checked
    connectedTo.push(checked.origin)
    return null
  })
})
afterAll(async () => {
  await session.close()
  await team.close()
})

describe('connecting the desktop app to a team server', () => {
  it('checks the address, says why one cannot be used, and connects to an Outpost server', async () => {
    const { context, server } = session
    await context.addInitScript(bridgeScript(null))
    const page = await context.newPage()
    await page.goto(`${server.url}/settings/pipelines`)
    await page.getByRole('link', { name: 'Team server' }).click()
    await page.getByRole('heading', { name: 'Team server', level: 2 }).waitFor()
    await expectAccessible(page, 'settings team server')

    const address = page.getByLabel('Team server address')
    await address.fill('http://crm.example.com')
    await page.getByRole('button', { name: 'Connect' }).click()
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('A team server is reached over https (plain http only to this computer)')

    await address.fill(`${team.url}/`)
    await page.getByRole('button', { name: 'Connect' }).click()
    await expect.poll(() => connectedTo).toEqual([team.url])
    await page.close()
  })

  it('on a team server, says which one and offers this computer’s data instead', async () => {
    const context = await session.browser.newContext()
    await context.addInitScript(bridgeScript(team.url))
    let disconnected = false
    await context.exposeFunction('disconnectTeamServer', () => {
      disconnected = true
    })
    const page = await context.newPage()
    const link = await createLoginLink(session.server.db, new Date())
    await page.goto(`${session.server.url}/login?token=${link.secret}`)
    await page.waitForURL(/\/board\//)
    await page.goto(`${session.server.url}/settings/team-server`)
    await expect
      .poll(() => page.locator('#team-server-heading + p').innerText())
      .toBe(
        `This window shows the team server at ${team.url}. Sign in there with your own account.`,
      )
    await page.getByRole('button', { name: "Use this computer's data instead" }).click()
    await expect.poll(() => disconnected).toBe(true)
    await context.close()
  })
})
