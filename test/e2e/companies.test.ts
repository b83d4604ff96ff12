import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../src/server/companies/service'
import { createDeal } from '../../src/server/deals/service'
import { createPerson } from '../../src/server/people/service'
import { expectAccessible, openSession, screenshot, type Session } from './browser'

let session: Session

beforeAll(async () => {
  session = await openSession()
  const { admin, api } = session.server
  for (const [name, domain] of [
    ['Globex', 'globex.com'],
    ['Acme', 'acme.com.br'],
    ['Initech', null],
  ]) {
    await admin.post('/api/app/v1/companies', { name, domain })
  }
  const acme = (await admin.get('/api/app/v1/companies?q=acme')).body.data[0]
  const person = await api.post('/api/v1/people', { fullName: 'Rita Alves', companyId: acme.id })
  const pipelines = (await admin.get('/api/app/v1/pipelines')).body.data
  const sales = pipelines.find((pipeline: { name: string }) => pipeline.name === 'Sales')
  const open = sales.stages.find((stage: { type: string }) => stage.type === 'open')
  const deal = await api.post('/api/v1/deals', {
    title: 'Acme renewal',
    value: 12000,
    pipelineId: sales.id,
    stageId: open.id,
    primaryCompanyId: acme.id,
    primaryPersonId: person.body.id,
  })
  expect([person.status, deal.status], JSON.stringify(deal.body)).toEqual([201, 201])
})
afterAll(() => session.close())

const heading = () => session.page.getByRole('heading', { level: 1 }).innerText()
const rowNames = () => session.page.locator('.companies-table tbody td:first-child').allInnerTexts()

describe('companies', () => {
  it('lists, searches and sorts companies', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'Companies' }).click()
    await page.locator('.companies-table').waitFor()
    expect(await rowNames()).toEqual(['Initech', 'Acme', 'Globex'])
    await expect.poll(heading).toBe('Companies 3')
    await page.getByLabel('Sort').selectOption('name')
    await expect.poll(rowNames).toEqual(['Acme', 'Globex', 'Initech'])
    await page.getByLabel('Search').fill('glob')
    await expect.poll(rowNames).toEqual(['Globex'])
    expect(await heading()).toBe('Companies')
    await page.getByLabel('Search').fill('')
    await page.getByLabel('Deals').selectOption({ label: 'With open deals' })
    await expect.poll(rowNames).toEqual(['Acme'])
    await page.getByLabel('Deals').selectOption({ label: 'Any' })
    // A search typed and a filter picked in one go, before React renders again: both stay.
    await page.evaluate(`(() => {
      const set = (element, value) => {
        const proto = Object.getPrototypeOf(element)
        Object.getOwnPropertyDescriptor(proto, 'value').set.call(element, value)
      }
      const search = document.querySelector('#company-search')
      set(search, 'glob')
      search.dispatchEvent(new Event('input', { bubbles: true }))
      const deals = document.querySelector('#company-deals')
      set(deals, 'false')
      deals.dispatchEvent(new Event('change', { bubbles: true }))
    })()`)
    await expect.poll(rowNames).toEqual(['Globex'])
    expect(new URL(page.url()).searchParams.get('q')).toBe('glob')
    await page.getByLabel('Search').fill('')
    await page.getByLabel('Deals').selectOption({ label: 'Any' })
    await expectAccessible(page, 'companies')
  })

  it('shows a company with its people, deals and totals, and its activity', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'Acme' }).click()
    await page.getByRole('heading', { name: 'Acme', level: 1 }).waitFor()
    expect(await page.locator('.detail-subtitle').innerText()).toMatch(/Open deals \(1\)/)
    await page.getByRole('link', { name: 'Rita Alves' }).waitFor()
    await page.getByRole('link', { name: 'Acme renewal' }).waitFor()
    const card = page.locator('.work-card')
    await card.getByRole('tab', { name: 'Note' }).click()
    await card.getByLabel('Note', { exact: true }).fill('Fiscal year starts in April')
    await card.getByRole('button', { name: 'Save note' }).click()
    await card.getByText('Fiscal year starts in April').waitFor()
    // Its history tells what happened to its people and deals, each line naming which.
    await card
      .locator('.timeline-item', { hasText: /^Acme renewal: / })
      .first()
      .waitFor()
    await card
      .locator('.timeline-item', { hasText: /^Rita Alves: / })
      .first()
      .waitFor()
    await expectAccessible(page, 'company')
    await screenshot(page, 'company')
  })

  it('adds a deal from a person’s page and from a company’s, linked to them', async () => {
    const { page, server } = session
    const deals = page.getByRole('region', { name: 'Deals' })
    const dialog = page.getByRole('dialog', { name: 'New deal' })
    // Begun on the company's page and closed: its draft stays with the company.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Companies' })
      .click()
    await page.getByRole('link', { name: 'Acme', exact: true }).click()
    await page.getByRole('heading', { name: 'Acme', level: 1 }).waitFor()
    await deals.getByRole('button', { name: 'New deal' }).click()
    await dialog.getByLabel('Title').fill('Acme second site')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)

    await page.getByRole('link', { name: 'Rita Alves' }).click()
    await page.getByRole('heading', { name: 'Rita Alves', level: 1 }).waitFor()
    await deals.getByRole('button', { name: 'New deal' }).click()
    expect(await dialog.getByLabel('Title').inputValue()).toBe('')
    await dialog.getByLabel('Title').fill('Rita expansion')
    await dialog.getByLabel('Value').fill('300')
    await dialog.getByRole('button', { name: 'Create deal' }).click()
    await deals.getByRole('link', { name: 'Rita expansion' }).waitFor()

    await page.getByRole('link', { name: 'Acme' }).first().click()
    await page.getByRole('heading', { name: 'Acme', level: 1 }).waitFor()
    await deals.getByRole('link', { name: 'Rita expansion' }).waitFor()
    await deals.getByRole('button', { name: 'New deal' }).click()
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Acme second site')
    await dialog.getByLabel('Value').fill('900')
    await dialog.getByRole('button', { name: 'Create deal' }).click()
    await deals.getByRole('link', { name: 'Acme second site' }).waitFor()

    const rita = (await server.api.get('/api/v1/people')).body.data[0]
    const { body } = await server.admin.get('/api/app/v1/deals?q=Rita%20expansion')
    expect(body.data[0]).toMatchObject({
      primaryPersonId: rita.id,
      primaryCompanyId: rita.companyId,
    })
    const second = (await server.admin.get('/api/app/v1/deals?q=second')).body.data[0]
    expect(second).toMatchObject({ primaryPersonId: null, primaryCompanyId: rita.companyId })
  })

  it('adds a person from a company’s page, at that company', async () => {
    const { page, server } = session
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Companies' })
      .click()
    await page.getByRole('link', { name: 'Globex', exact: true }).click()
    await page.getByRole('heading', { name: 'Globex', level: 1 }).waitFor()
    const people = page.getByRole('region', { name: /^People/ })
    await people.getByRole('button', { name: 'New person' }).click()
    const dialog = page.getByRole('dialog', { name: 'New person' })
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Company' }).inputValue())
      .toBe('Globex')
    await dialog.getByLabel('Full name').fill('Hank Scorpio')
    await dialog.getByRole('button', { name: 'Add person' }).click()
    await people.getByRole('link', { name: 'Hank Scorpio' }).waitFor()
    await page.getByRole('heading', { name: 'People (1)' }).waitFor()
    const globex = (await server.admin.get('/api/app/v1/companies?q=globex')).body.data[0]
    const { body } = await server.api.get('/api/v1/people?page=1&pageSize=100')
    expect(
      body.data.find((person: { fullName: string }) => person.fullName === 'Hank Scorpio'),
    ).toMatchObject({
      companyId: globex.id,
    })
  })

  it('a company or a person with more than its page shows links to the lists of them all, filtered', async () => {
    const { page, server } = session
    const now = new Date()
    const big = await createCompany(server.db, server.tenantId, { name: 'Atacado Grande' }, now)
    const { body: pipelines } = await server.admin.get('/api/app/v1/pipelines')
    const sales = pipelines.data.find((pipeline: { name: string }) => pipeline.name === 'Sales')
    const buyer = await createPerson(server.db, server.tenantId, { fullName: 'Dona Compras' }, now)
    for (let i = 0; i < 101; i++) {
      await createPerson(
        server.db,
        server.tenantId,
        { fullName: `Comprador ${i}`, companyId: big.id },
        now,
      )
      await createDeal(
        server.db,
        server.tenantId,
        {
          title: `Pedido ${i}`,
          value: 100,
          currency: 'BRL',
          pipelineId: sales.id,
          stageId: sales.stages[0].id,
          primaryCompanyId: big.id,
          primaryPersonId: buyer.id,
        },
        now,
      )
    }
    await page.goto(`${server.url}/companies/${big.id}`)
    await page.getByRole('link', { name: 'See all 101 people' }).click()
    await expect.poll(() => page.locator('.pagination-range').innerText()).toBe('1–25 of 101')
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Company' }).inputValue())
      .toBe('Atacado Grande')
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(() => page.locator('.pagination-range').innerText()).not.toContain('of 101')
    await page.goto(`${server.url}/companies/${big.id}`)
    await page.getByRole('link', { name: 'See all 101 deals' }).click()
    await expect.poll(() => page.locator('.pagination-range').innerText()).toBe('1–50 of 101')
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Company' }).inputValue())
      .toBe('Atacado Grande')
    await expectAccessible(page, 'deals of a company')
    // And a person's page, to all their deals.
    await page.goto(`${server.url}/people/${buyer.id}`)
    await page.getByRole('link', { name: 'See all 101 deals' }).click()
    await expect.poll(() => page.locator('.pagination-range').innerText()).toBe('1–50 of 101')
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Person' }).inputValue())
      .toBe('Dona Compras')
  }, 60_000)

  it('adds a company and edits it, with the server’s errors inline', async () => {
    const { page } = session
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Companies' })
      .click()
    // N, as on the other lists.
    await page.locator('.companies-table').waitFor()
    await page.keyboard.press('n')
    const dialog = page.getByRole('dialog', { name: 'New company' })
    // Without a name, the field says so and takes the focus.
    await dialog.getByRole('button', { name: 'Add company' }).click()
    expect(await dialog.locator('#company-name-error').innerText()).toBe('Give the company a name')
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe(
      'company-name',
    )
    await dialog.getByLabel('Name').fill('Umbrella')
    expect(await dialog.locator('#company-name-error').count()).toBe(0)
    await dialog.getByLabel('Domain').fill('acme.com.br')
    await dialog.getByRole('button', { name: 'Add company' }).click()
    await dialog.locator('#company-domain-error').waitFor()
    await dialog.getByLabel('Domain').fill('umbrella.com')
    await dialog.getByRole('button', { name: 'Add company' }).click()
    await page.getByRole('heading', { name: 'Umbrella', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const edit = page.getByRole('dialog', { name: 'Edit company' })
    await edit.getByLabel('Name').fill('Umbrella Corp')
    await edit.getByRole('button', { name: 'Save company' }).click()
    await page.getByRole('heading', { name: 'Umbrella Corp', level: 1 }).waitFor()
  })
})
