import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSession, type Session } from './browser'

let session: Session

beforeAll(async () => {
  session = await openSession()
})
afterAll(() => session.close())

const heading = () => session.page.getByRole('heading', { level: 1 }).innerText()

describe('a new workspace', () => {
  it('says who the user is there: their role, named as one', async () => {
    const role = session.page.getByTestId('my-role')
    await expect.poll(() => role.innerText()).toBe('Role: Owner')
  })

  it('an empty Deals list says how deals arrive, and adds the first in the pipeline shown', async () => {
    const { page, server } = session
    await page.getByRole('link', { name: 'Deals', exact: true }).click()
    await page.getByText('No deals yet').waitFor()
    await expect.poll(heading).toBe('Deals 0')
    await page.getByText('they also arrive through the REST API').waitFor()
    await page.getByRole('button', { name: 'Add the first deal' }).click()
    const dialog = page.getByRole('dialog', { name: 'New deal' })
    // The workspace's first pipeline, at its first stage: a title and a value make a deal.
    expect(await dialog.getByLabel('Pipeline').locator('option:checked').innerText()).toBe('Sales')
    await dialog.getByLabel('Title').fill('First deal')
    await dialog.getByLabel('Value').fill('1500')
    // No one is in the workspace yet: the person is added from the deal's form.
    await dialog.getByRole('combobox', { name: 'Person' }).fill('Rita Nova')
    await dialog.getByRole('option', { name: 'Add person “Rita Nova”' }).click()
    await page.getByText('Person “Rita Nova” added').waitFor()
    await dialog.getByRole('button', { name: 'Create deal' }).click()
    // The list shows it at once; the toast offers to open it.
    await page.locator('.deals-table', { hasText: 'First deal' }).waitFor()
    await expect.poll(heading).toBe('Deals 1')
    await page.getByText('Deal “First deal” created').waitFor()
    const { body } = await server.api.get('/api/v1/deals')
    const sales = (await server.admin.get('/api/app/v1/pipelines')).body.data[0]
    const rita = (await server.api.get('/api/v1/people')).body.data[0]
    expect(rita.fullName).toBe('Rita Nova')
    expect(body.data).toEqual([
      expect.objectContaining({
        title: 'First deal',
        value: 1500,
        stageId: sales.stages[0].id,
        primaryPersonId: rita.id,
      }),
    ])
  })

  it('the Deals list has its own New deal button and N key', async () => {
    const { page } = session
    await page.getByRole('button', { name: 'New deal' }).click()
    await page.getByRole('dialog', { name: 'New deal' }).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await page.keyboard.press('n')
    const dialog = page.getByRole('dialog', { name: 'New deal' })
    // A lead whose worth is not known yet: the value left empty is the 0 its placeholder shows.
    await dialog.getByLabel('Title').fill('Worth unknown')
    await dialog.getByRole('button', { name: 'Create deal' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const { body } = await session.server.api.get('/api/v1/deals?pageSize=100')
    expect(body.data.find((deal: any) => deal.title === 'Worth unknown')).toMatchObject({
      value: 0,
    })
  })

  it('a link to a deal since deleted says it is not there, and offers no retry', async () => {
    const { page, server } = session
    const deal = (await server.api.get('/api/v1/deals')).body.data[0]
    expect((await server.api.delete(`/api/v1/deals/${deal.id}`)).status).toBe(204)
    await page.goto(`${server.url}/deals/${deal.id}`)
    await page.getByText('Not found: deleted, or the link is wrong').waitFor()
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0)
  })

  it('an empty Companies list says how companies arrive, and offers to add the first', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'Companies' }).click()
    await page.getByText('No companies yet').waitFor()
    await page.getByText('joins the company of its domain').waitFor()
    await page.getByRole('button', { name: 'Add the first company' }).click()
    await page.getByRole('dialog', { name: 'New company' }).waitFor()
  })
})
