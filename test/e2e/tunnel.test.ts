import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBlackhole } from '../support/blackhole'
import { startLocaltunnelServer, type LocaltunnelServer } from '../support/localtunnel-server'
import { expectAccessible, openSession, screenshot, type Session } from './browser'

let session: Session
let tunnelServer: LocaltunnelServer

beforeAll(async () => {
  tunnelServer = await startLocaltunnelServer()
  session = await openSession()
})
afterAll(async () => {
  await session?.close()
  await tunnelServer?.close()
})

/** A POST as a form tool on the internet would send it: to the tunnel server, for the tunnel's host. */
function postThroughTunnel(publicUrl: string, body: unknown): Promise<number> {
  const url = new URL(publicUrl)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: tunnelServer.port,
        method: 'POST',
        path: url.pathname,
        headers: {
          Host: `${url.hostname}:${tunnelServer.port}`,
          'Content-Type': 'application/json',
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

describe('tunnel settings', () => {
  it('turns the tunnel on and off from the UI, shows its address, and gives webhooks a public URL', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('link', { name: 'Tunnel' }).click()
    await page.getByText('The tunnel is off').waitFor()
    await expectAccessible(page, 'tunnel settings')

    await page.getByRole('textbox', { name: /^Tunnel server/ }).fill(tunnelServer.host)
    await page.getByRole('textbox', { name: /^Subdomain/ }).fill('outpost-ui')
    await page.getByRole('button', { name: 'Turn tunnel on' }).click()
    await expect
      .poll(() => page.getByTestId('tunnel-url').innerText())
      .toBe('http://outpost-ui.localhost')
    await screenshot(page, 'settings-tunnel')

    await page.getByRole('link', { name: 'Inbound webhooks' }).click()
    await page.getByRole('link', { name: 'New inbound webhook' }).click()
    await page.getByLabel('Name').fill('Booking form')
    await page.getByLabel('Value of field 1').fill('{{name}}')
    await page.getByRole('button', { name: 'Create webhook' }).click()
    const dialog = page.getByRole('dialog', { name: "The webhook's URL" })
    await dialog.getByText('From the internet, through the tunnel:').waitFor()
    const publicUrl = await dialog.locator('code').nth(1).innerText()
    expect(publicUrl).toMatch(/^http:\/\/outpost-ui\.localhost\/webhooks\/in\/in_/)
    await dialog.getByRole('button', { name: 'Done' }).click()
    expect(await postThroughTunnel(publicUrl, { name: 'Booked Through Tunnel' })).toBe(201)

    await page.getByRole('link', { name: 'Tunnel' }).click()
    await page.getByRole('button', { name: 'Turn tunnel off' }).click()
    await page.getByText('The tunnel is off').waitFor()
    const { body } = await session.server.admin.get('/api/app/v1/tunnel')
    expect(body).toMatchObject({ enabled: false, status: 'off', subdomain: 'outpost-ui' })
  })

  it('with no network, turning it on says why within 15 seconds and keeps trying', async () => {
    const { page } = session
    const hole = await startBlackhole()
    try {
      await page.getByRole('link', { name: 'Tunnel' }).click()
      await page.getByText('The tunnel is off').waitFor()
      await page.getByRole('textbox', { name: /^Tunnel server/ }).fill(hole.url)
      await page.getByRole('textbox', { name: /^Subdomain/ }).fill('')
      await page.getByRole('button', { name: 'Turn tunnel on' }).click()
      await page.getByRole('button', { name: 'Connecting…' }).waitFor()
      await expect
        .poll(() => page.getByTestId('tunnel-error').innerText(), { timeout: 15_000 })
        .toBe(
          `Could not reach the localtunnel server ${hole.url}: ` +
            'no answer within 10 seconds (is this computer offline?)',
        )
      await page.getByText('Outpost keeps trying in the background').waitFor()
      await expectAccessible(page, 'tunnel settings, not connected')
      await screenshot(page, 'settings-tunnel-offline')
      await page.getByRole('button', { name: 'Turn tunnel off' }).click()
      await page.getByText('The tunnel is off').waitFor()
    } finally {
      await hole.close()
    }
  })
})
