import { readFileSync } from 'node:fs'
import readXlsxFile from 'read-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { salesPipeline } from '../support/fixtures'
import { expectAccessible, openSession, type Session } from './browser'

let session: Session

beforeAll(async () => {
  session = await openSession()
  const { admin, api } = session.server
  await admin.post('/api/app/v1/users', { name: 'Bia Lima' })
  const sales = await salesPipeline(admin)
  const company = (await admin.post('/api/app/v1/companies', { name: 'Quintela Lda' })).body
  const person = (
    await api.post('/api/v1/people', { fullName: 'Rita Nova', companyId: company.id })
  ).body
  for (const [title, value, links] of [
    ['Alpha plan', 500, {}],
    ['Beta renewal', 5000, { primaryPersonId: person.id, primaryCompanyId: company.id }],
    ['Gamma pilot', 1200, { primaryCompanyId: company.id }],
  ] as const) {
    await api.post('/api/v1/deals', {
      ...{ title, value, pipelineId: sales.id, stageId: sales.open.id },
      ...links,
    })
  }
})
afterAll(() => session.close())

const heading = () => session.page.getByRole('heading', { level: 1 }).innerText()
const titles = () => session.page.locator('.deals-table tbody td:nth-child(2)').allInnerTexts()
const contacts = () => session.page.locator('.deals-table tbody td:nth-child(5)').allInnerTexts()

describe('the deals list', () => {
  it('filters and sorts, and keeps the view in the address', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'Deals', exact: true }).click()
    await page.locator('.deals-table').waitFor()
    expect(await titles()).toEqual(['Gamma pilot', 'Beta renewal', 'Alpha plan'])
    // The heading counts every deal; a filtered view's count is its pagination's.
    await expect.poll(heading).toBe('Deals 3')
    await page.getByRole('button', { name: 'Value' }).click()
    await expect.poll(titles).toEqual(['Alpha plan', 'Gamma pilot', 'Beta renewal'])
    await page.getByRole('button', { name: /Value/ }).click()
    await expect.poll(titles).toEqual(['Beta renewal', 'Gamma pilot', 'Alpha plan'])
    await page.getByLabel('Value from').fill('1000')
    await expect.poll(titles).toEqual(['Beta renewal', 'Gamma pilot'])
    expect(await heading()).toBe('Deals')
    expect(page.url()).toContain('valueMin=1000')
    await expectAccessible(page, 'deals list')
  })

  it('saves the view for the workspace and applies it again', async () => {
    const { page } = session
    await page.getByRole('button', { name: 'Save view' }).click()
    await page.getByLabel('Name of the view').fill('Big deals')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('View “Big deals” saved').waitFor()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(async () => (await titles()).length).toBe(3)
    await page.getByLabel('Saved views').selectOption({ label: 'Big deals' })
    await expect.poll(titles).toEqual(['Beta renewal', 'Gamma pilot'])
  })

  it('names the view shown, deletes it after asking, and lets a new name be given up', async () => {
    const { page } = session
    const views = page.getByLabel('Saved views')
    const shown = () => views.evaluate((select: any) => select.selectedOptions[0]?.text as string)
    await expect.poll(shown).toBe('Big deals')
    // Another filter is another view: the picker no longer names it.
    await page.getByLabel('Value from').fill('2000')
    await expect.poll(shown).toBe('Saved views…')
    await views.selectOption({ label: 'Big deals' })
    await expect.poll(shown).toBe('Big deals')
    // Naming a view can be given up, by Cancel or Escape.
    await page.getByRole('button', { name: 'Save view' }).click()
    await page.getByLabel('Name of the view').press('Escape')
    await page.getByRole('button', { name: 'Save view' }).click()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByLabel('Name of the view').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Delete view' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete the view “Big deals”?' })
    await dialog.getByRole('button', { name: 'Delete view' }).click()
    await page.getByText('View “Big deals” deleted').waitFor()
    const { body } = await session.server.admin.get('/api/app/v1/saved-views?resource=deals')
    expect(body.data).toEqual([])
    await expect.poll(titles).toEqual(['Beta renewal', 'Gamma pilot'])
    // Saved again for the tests after this one (the first save's message may still be shown).
    await page.getByRole('button', { name: 'Save view' }).click()
    await page.getByLabel('Name of the view').fill('Big deals')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect
      .poll(
        async () =>
          (await session.server.admin.get('/api/app/v1/saved-views?resource=deals')).body.data
            .length,
      )
      .toBe(1)
  })

  it('assigns the selected deals at once, and exports the view as CSV', async () => {
    const { page } = session
    await page.getByLabel('Select Beta renewal').check()
    await page.getByLabel('Select Gamma pilot').check()
    await page.getByLabel('Assign to').selectOption({ label: 'Bia Lima' })
    await page.getByText('2 deals changed').waitFor()
    const { body } = await session.server.admin.get(
      '/api/app/v1/deals?ownerId=' +
        (await session.server.admin.get('/api/app/v1/users')).body.data[0].id,
    )
    expect(body.data.map((deal: { title: string }) => deal.title).sort()).toEqual([
      'Beta renewal',
      'Gamma pilot',
    ])
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await (await download).path()
    const bytes = readFileSync(file)
    expect([...bytes.subarray(0, 3)], 'a byte-order mark, for Excel').toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n')
    expect(lines[0]).toBe(
      'id,title,value,currency,pipeline,stage,owner,person,company,expectedCloseDate,tags,createdAt',
    )
    expect(
      lines.slice(1).map((line) => line.split(',').slice(1, 2).concat(line.split(',').slice(7, 9))),
    ).toEqual([
      ['Beta renewal', 'Rita Nova', 'Quintela Lda'],
      ['Gamma pilot', '', 'Quintela Lda'],
    ])
    // The same view as a workbook, each value a number.
    const workbook = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export Excel' }).click()
    const saved = await workbook
    expect(saved.suggestedFilename()).toBe('outpost-deals-view.xlsx')
    const [sheet] = await readXlsxFile(readFileSync((await saved.path())!))
    const [head, ...rows] = sheet!.data
    expect(head!.slice(0, 3)).toEqual(['id', 'title', 'value'])
    expect(rows.map((row) => [row[1], typeof row[2]])).toEqual([
      ['Beta renewal', 'number'],
      ['Gamma pilot', 'number'],
    ])
  })

  it('a deal’s custom fields are written on its page and filter the list', async () => {
    const { page } = session
    await page.locator('.deals-table a', { hasText: 'Gamma pilot' }).click()
    const card = page.getByRole('region', { name: 'Custom fields' })
    await card.getByRole('button', { name: 'Edit fields' }).click()
    await card.getByRole('button', { name: 'Add a field' }).click()
    await card.getByLabel('Name of custom field 1').fill('plan')
    await card.getByLabel('Value of custom field 1').fill('Pro')
    await card.getByRole('button', { name: 'Save fields' }).click()
    await card.getByText('Pro').waitFor()
    await page.goto(new URL('/deals', session.server.url).href)
    await page.getByLabel('Custom field').fill('plan')
    await page.getByLabel('plan is').fill('pro')
    await expect.poll(titles).toEqual(['Gamma pilot'])
    expect(page.url()).toContain('customField=plan%3Dpro')
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(async () => (await titles()).length).toBe(3)
  })

  it('says who each deal is with, and leads to them', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'Deals', exact: true }).click()
    await expect.poll(titles).toEqual(['Gamma pilot', 'Beta renewal', 'Alpha plan'])
    expect(await page.locator('.deals-table thead th').nth(4).textContent()).toBe('Contact')
    expect(await contacts()).toEqual(['Quintela Lda', 'Rita Nova\nQuintela Lda', '—'])
    const row = page.getByRole('row', { name: /Beta renewal/ })
    await row.getByRole('link', { name: 'Rita Nova' }).click()
    await page.getByRole('heading', { level: 1, name: 'Rita Nova' }).waitFor()
    await page.goBack()
    await page
      .getByRole('row', { name: /Gamma pilot/ })
      .getByRole('link', { name: 'Quintela Lda' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Quintela Lda' }).waitFor()
  })

  it('a filter, sort or page unticks the deals it hides: a bulk action reaches only what is seen', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'Deals', exact: true }).click()
    await page.getByLabel('Select Alpha plan').check()
    const bar = page.getByRole('region', { name: 'Bulk actions' })
    await bar.getByText('1 selected').waitFor()
    await page.getByLabel('Value from').fill('1000')
    await expect.poll(titles).toEqual(['Gamma pilot', 'Beta renewal'])
    await bar.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(titles).toEqual(['Gamma pilot', 'Beta renewal', 'Alpha plan'])
    expect(await page.getByLabel('Select Alpha plan').isChecked()).toBe(false)
  })

  it('tells people apart in the Person filter by their company', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'Deals', exact: true }).click()
    await page.getByRole('combobox', { name: 'Person' }).fill('rita')
    const option = page.getByRole('option', { name: /Rita Nova/ })
    expect(await option.innerText()).toBe('Rita Nova Quintela Lda')
    await option.click()
    await expect.poll(titles).toEqual(['Beta renewal'])
  })
})
