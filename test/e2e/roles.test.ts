import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteMember, setPassword } from '../../src/server/accounts/service'
import { createLoginLink } from '../../src/server/sessions/service'
import { ownerOfMachine, type Role } from '../../src/shared/permissions'
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

/** An account with `role` in the default workspace, as `outpost member add` makes one. */
const addMember = (email: string, role: Role) =>
  inviteMember(server.db, server.tenantId, { email, role }, new Date(), {
    permissions: ownerOfMachine,
  })

/** A new deal's body, in the first stage of the workspace's first pipeline. */
async function firstStage(title: string) {
  const pipeline = (await server.admin.get('/api/app/v1/pipelines')).body.data[0]
  return { title, value: 100, pipelineId: pipeline.id, stageId: pipeline.stages[0].id }
}

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  await context.addInitScript(`localStorage.setItem('outpost.language', 'en')`)
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

describe('users and roles in the UI', () => {
  it('a member signs in with a password and sees no Settings → API tokens, webhooks or pipelines', async () => {
    const member = await addMember('mia@example.com', 'member')
    await setPassword(server.db, member.id, { password: 'a member password' }, new Date())
    const { context, page } = await newPage()
    await page.goto(server.url)
    await page.getByRole('heading', { name: 'Sign in to Outpost' }).waitFor()
    await expectAccessible(page, 'sign-in page with the password form')
    await page.getByLabel('E-mail').fill('mia@example.com')
    await page.getByLabel('Password').fill('not it at all')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('alert').waitFor()
    await page.getByLabel('Password').fill('a member password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/board\//)
    await expect.poll(() => page.getByTestId('my-role').innerText()).toContain('Member')

    await page.goto(`${server.url}/settings`)
    const nav = page.getByRole('navigation', { name: 'Settings' })
    await nav.getByRole('link', { name: 'Users' }).waitFor()
    await page.waitForURL(/\/settings\/users/)
    for (const hidden of ['API tokens', 'Inbound webhooks', 'Outbound webhooks', 'Pipelines']) {
      expect(await nav.getByRole('link', { name: hidden }).count(), hidden).toBe(0)
    }
    expect(await page.getByRole('heading', { name: 'Members: who signs in' }).count()).toBe(0)
    await screenshot(page, 'settings-as-member')
    await context.close()
  })

  it('a read-only member is told so, and sees no New, Edit or Delete buttons', async () => {
    const reader = await addMember('rita@example.com', 'read-only')
    const person = (await server.api.post('/api/v1/people', { fullName: 'Read Only Rosa' })).body
    const link = await createLoginLink(server.db, new Date(), reader.id)
    const { context, page } = await newPage()
    await page.goto(`${server.url}/login?token=${link.secret}`)
    await page.waitForURL(/\/board\//)
    await page.getByRole('status').filter({ hasText: 'Read-only' }).waitFor()
    expect(await page.getByRole('button', { name: 'New deal' }).count()).toBe(0)
    await page.goto(`${server.url}/people/${person.id}`)
    await page.getByRole('heading', { name: 'Read Only Rosa' }).waitFor()
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'New deal' }).count()).toBe(0)
    // The lists offer no way to add or to act on many, empty or not.
    await page.getByRole('link', { name: 'Deals', exact: true }).click()
    await page.getByText('No deals yet').waitFor()
    expect(await page.getByRole('button', { name: /deal/i }).count()).toBe(0)
    await server.api.post('/api/v1/deals', await firstStage('Seen not touched'))
    await page.locator('.deals-table', { hasText: 'Seen not touched' }).waitFor()
    expect(await page.locator('.deals-table input[type=checkbox]').count()).toBe(0)
    // N, which adds a deal for those who may, does nothing here.
    await page.keyboard.press('n')
    await page.getByRole('link', { name: 'Companies' }).click()
    expect(await page.getByRole('dialog').count()).toBe(0)
    await page.getByText('No companies yet').waitFor()
    expect(await page.getByRole('button', { name: /company/i }).count()).toBe(0)
    await context.close()
  })

  it('an owner invites a user by e-mail with a role, from Settings → Users', async () => {
    const owner = await addMember('olivia@example.com', 'owner')
    const link = await createLoginLink(server.db, new Date(), owner.id)
    const { context, page } = await newPage()
    await page.goto(`${server.url}/login?token=${link.secret}`)
    await page.waitForURL(/\/board\//)
    await page.goto(`${server.url}/settings/users`)
    await page.getByRole('heading', { name: 'Members: who signs in' }).waitFor()
    await page.getByLabel('E-mail to invite').fill('newbie@example.com')
    await page.getByLabel('Role', { exact: true }).selectOption('read-only')
    await page.getByRole('button', { name: 'Invite' }).click()
    await page.getByLabel('Role of newbie@example.com').waitFor()
    expect(await page.getByLabel('Role of newbie@example.com').inputValue()).toBe('read-only')
    // How the new member gets in: the command to run, set as one.
    const command = page.locator('.invite-hint code')
    expect(await command.innerText()).toBe('outpost login-link --user EMAIL')
    // The link would reach the member's other workspaces: only the computer's owner makes one.
    expect(await page.getByRole('button', { name: 'Sign-in link' }).count()).toBe(0)
    await expectAccessible(page, 'Settings → Users as an owner')
    await screenshot(page, 'settings-users-members')

    const members = await server.admin.get('/api/app/v1/members')
    expect(members.body.data).toContainEqual(
      expect.objectContaining({ email: 'newbie@example.com', role: 'read-only' }),
    )
    await page.goto(`${server.url}/settings/audit`)
    await page.getByRole('cell', { name: 'Created member' }).waitFor()
    // Each token says who made it: the test's own were made on this computer.
    await page.goto(`${server.url}/settings/tokens`)
    await page.getByRole('columnheader', { name: 'Made by' }).waitFor()
    await page.getByRole('cell', { name: 'This computer' }).first().waitFor()
    await context.close()
  })

  it("the computer's owner makes a member's first sign-in link in Settings → Users", async () => {
    await addMember('nina@example.com', 'member')
    const ownerLink = await createLoginLink(server.db, new Date())
    const owner = await newPage()
    await owner.page.goto(`${server.url}/login?token=${ownerLink.secret}`)
    await owner.page.waitForURL(/\/board\//)
    await owner.page.goto(`${server.url}/settings/users`)
    const row = owner.page.locator('li', { has: owner.page.getByLabel('Role of nina@example.com') })
    await row.getByRole('button', { name: 'Sign-in link' }).click()
    const dialog = owner.page.getByRole('dialog', { name: 'Sign-in link for nina@example.com' })
    const url = await dialog.locator('code').innerText()
    expect(url).toMatch(new RegExp(`^${server.url}/login\\?token=`))
    await dialog.getByRole('button', { name: 'Done' }).click()
    await owner.context.close()

    const nina = await newPage()
    await nina.page.goto(url)
    await nina.page.waitForURL(/\/board\//)
    const session = await nina.page.evaluate(
      () =>
        fetch('/api/session').then((response) => response.json()) as Promise<{ account: unknown }>,
    )
    expect(session.account).toMatchObject({ email: 'nina@example.com' })
    await nina.context.close()
  })
})
