import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../src/server/companies/service'
import { expectAccessible, openSession, screenshot, type Session } from './browser'

let session: Session

beforeAll(async () => {
  session = await openSession()
  const { admin } = session.server
  await admin.post('/api/app/v1/users', { name: 'Bia Lima' })
  for (const [fullName, primaryEmail, lifecycleStage] of [
    ['José Souza', 'jose@acme.com.br', 'lead'],
    ['Maria Oliveira', 'maria@globex.com', 'customer'],
    ['Pedro Alves', null, 'lead'],
  ]) {
    await session.server.api.post('/api/v1/people', { fullName, primaryEmail, lifecycleStage })
  }
})
afterAll(() => session.close())

const rowNames = (session: Session) =>
  session.page.locator('.people-table tbody .person-name-text').allInnerTexts()

describe('people', () => {
  it('lists people newest first with the total, and finds them by name or e-mail', async () => {
    const { page } = session
    await page.getByRole('link', { name: 'People' }).click()
    await page.locator('.people-table').waitFor()
    expect(await rowNames(session)).toEqual(['Pedro Alves', 'Maria Oliveira', 'José Souza'])
    expect(await page.locator('.pagination-range').innerText()).toBe('1–3 of 3')
    await page.getByLabel('Search').fill('jose')
    await expect.poll(async () => await rowNames(session)).toEqual(['José Souza'])
    expect(page.url()).toContain('q=jose')
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.getByLabel('Lifecycle stage').selectOption('lead')
    await expect.poll(async () => (await rowNames(session)).length).toBe(2)
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(async () => (await rowNames(session)).length).toBe(3)
    await expectAccessible(page, 'people')
  })

  it('sorts by name either way and oldest first from the column headers, kept in the address', async () => {
    const { page } = session
    await page.goto(new URL('/people', session.server.url).href)
    await page.locator('.people-table').waitFor()
    const header = (name: string) => page.locator('.people-table th', { hasText: name })
    expect(await header('Added').getAttribute('aria-sort')).toBe('descending')
    await page.getByRole('button', { name: 'Name' }).click()
    await expect
      .poll(async () => await rowNames(session))
      .toEqual(['José Souza', 'Maria Oliveira', 'Pedro Alves'])
    expect(await header('Name').getAttribute('aria-sort')).toBe('ascending')
    expect(page.url()).toContain('sort=fullName')
    await page.getByRole('button', { name: 'Name' }).click()
    await expect
      .poll(async () => await rowNames(session))
      .toEqual(['Pedro Alves', 'Maria Oliveira', 'José Souza'])
    await page.getByRole('button', { name: 'Added' }).click()
    await expect
      .poll(async () => await rowNames(session))
      .toEqual(['Pedro Alves', 'Maria Oliveira', 'José Souza'])
    await page.getByRole('button', { name: 'Added' }).click()
    await expect
      .poll(async () => await rowNames(session))
      .toEqual(['José Souza', 'Maria Oliveira', 'Pedro Alves'])
    // Oldest first: by date added, ascending.
    expect(await header('Added').getAttribute('aria-sort')).toBe('ascending')
    await page.reload()
    await expect
      .poll(async () => await rowNames(session))
      .toEqual(['José Souza', 'Maria Oliveira', 'Pedro Alves'])
    await page.goto(new URL('/people', session.server.url).href)
  })

  it('creates a person, showing the server’s field errors inline', async () => {
    const { page } = session
    await page.getByRole('button', { name: 'New person' }).click()
    const dialog = page.getByRole('dialog', { name: 'New person' })
    await dialog.getByLabel('Full name').fill('Ana Souza')
    await dialog.getByLabel('E-mail').fill('maria@globex.com')
    await dialog.getByRole('button', { name: 'Add person' }).click()
    // 409 from the server: the e-mail is taken; the message sits under the field.
    const emailError = dialog.locator('#person-email-error')
    await emailError.waitFor()
    expect(await emailError.innerText()).toContain('already exists')
    await screenshot(page, 'person-form-conflict')
    await dialog.getByLabel('E-mail').fill('ana@acme.com.br')
    await dialog.getByLabel('Lifecycle stage').selectOption('sales_qualified')
    await dialog.getByLabel('Owner').selectOption({ label: 'Bia Lima' })
    await dialog.getByLabel('Tags').fill('vip, newsletter')
    await dialog.getByRole('button', { name: 'Add person' }).click()
    await page.locator('.people-table .person-name', { hasText: 'Ana Souza' }).waitFor()
    const { body } = await session.server.admin.get('/api/app/v1/people?q=ana%20souza')
    expect(body.data[0]).toMatchObject({
      fullName: 'Ana Souza',
      primaryEmail: 'ana@acme.com.br',
      lifecycleStage: 'sales_qualified',
      tags: ['vip', 'newsletter'],
    })
    await screenshot(page, 'people')
  })

  it('edits a person from their page, and the timeline tells what changed', async () => {
    const { page } = session
    await page.locator('.people-table .person-name', { hasText: 'Ana Souza' }).click()
    await page.getByRole('heading', { name: 'Ana Souza' }).waitFor()
    await page.keyboard.press('e')
    const dialog = page.getByRole('dialog', { name: 'Edit person' })
    await dialog.getByLabel('Lifecycle stage').selectOption('customer')
    // The form checks the phone with the server's own rule, before sending anything.
    await dialog.getByLabel('Phone').fill('+55 00 1234')
    await dialog.getByRole('button', { name: 'Save person' }).click()
    const phoneError = dialog.locator('#person-phone-error')
    await phoneError.waitFor()
    expect(await phoneError.innerText()).toBe('Phone "+55 00 1234" is not a valid phone number')
    await dialog.getByLabel('Phone').fill('+55 11 91234-5678')
    await dialog.getByRole('button', { name: 'Save person' }).click()
    const timeline = page.getByRole('region', { name: 'Activity' })
    await timeline
      .getByText(/^Phone: .+ → \+5511912345678; Lifecycle stage: .+ → Customer$/)
      .waitFor()
    // Stored in E.164, shown as people read it.
    await page.getByRole('link', { name: '+55 11 91234 5678' }).waitFor()
    expect(await page.locator('.detail-subtitle').innerText()).toContain('Customer')
    await screenshot(page, 'person-detail')
    await expectAccessible(page, 'person detail')
  })

  it('writes custom fields, which the v1 API cannot', async () => {
    const { page } = session
    const card = page.getByRole('region', { name: 'Custom fields' })
    await card.getByRole('button', { name: 'Edit fields' }).click()
    await card.getByRole('button', { name: 'Add a field' }).click()
    // A name the server would refuse is refused here, in the server's words.
    await card.getByLabel('Name of custom field 1').fill('plan type')
    await card.getByLabel('Value of custom field 1').fill('pro')
    await card.getByRole('button', { name: 'Save fields' }).click()
    expect(await card.getByRole('alert').innerText()).toBe(
      'Field name "plan type" must be 1 to 64 letters, digits, _ or -, not starting with -',
    )
    await card.getByLabel('Name of custom field 1').fill('plan')
    await card.getByRole('button', { name: 'Save fields' }).click()
    await card.getByText('pro').waitFor()
    const { body } = await session.server.admin.get('/api/app/v1/people?q=ana%20souza')
    expect(body.data[0].customFields).toEqual({ plan: 'pro' })
    await page
      .getByRole('region', { name: 'Activity' })
      .getByText('Changed custom fields')
      .waitFor()

    // A second row of the same name would silently replace the first value: refused, nothing sent.
    await card.getByRole('button', { name: 'Edit fields' }).click()
    await card.getByRole('button', { name: 'Add a field' }).click()
    await card.getByLabel('Name of custom field 2').fill(' plan')
    await card.getByLabel('Value of custom field 2').fill('free')
    await card.getByRole('button', { name: 'Save fields' }).click()
    expect(await card.getByRole('alert').innerText()).toBe(
      'Two fields are named "plan": rename one or remove one',
    )
    await card.getByRole('button', { name: 'Cancel' }).click()
    const after = await session.server.admin.get('/api/app/v1/people?q=ana%20souza')
    expect(after.body.data[0].customFields).toEqual({ plan: 'pro' })

    // The people list narrows to a custom field's value, kept in the address.
    const personPage = page.url()
    await page.goto(new URL('/people', session.server.url).href)
    await page.getByLabel('Custom field', { exact: true }).fill('plan')
    await page.getByLabel('plan is').fill('PRO')
    await page.waitForURL(/customField=plan%3DPRO/)
    await expect.poll(() => rowNames(session)).toEqual(['Ana Souza'])
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(async () => (await rowNames(session)).length).toBeGreaterThan(1)
    await page.goto(personPage)
  })

  it('keeps what was typed in a closed form, and deletes only after asking', async () => {
    const { page } = session
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit person' })
    await dialog.getByLabel('Lead source').fill('trade show')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    expect(await dialog.getByLabel('Lead source').inputValue()).toBe('trade show')
    await dialog.getByRole('button', { name: 'Discard draft' }).click()

    await page.getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this person?' })
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    expect((await session.server.admin.get('/api/app/v1/people?q=ana%20souza')).body.total).toBe(1)
    await page.getByRole('button', { name: 'Delete' }).click()
    await confirm.getByRole('button', { name: 'Delete person' }).click()
    await page.waitForURL(/\/people$/)
    expect((await session.server.admin.get('/api/app/v1/people?q=ana%20souza')).body.total).toBe(0)
  })
})

describe('people in bulk', () => {
  it('tags the selected people at once and saves the view', async () => {
    const { page } = session
    await page.goto(`${session.server.url}/people?lifecycleStage=lead`)
    await page.locator('.people-table tbody tr').first().waitFor()
    await page.getByLabel('Select everyone on this page').check()
    const selected = await page.locator('.people-table tbody input:checked').count()
    await page.getByLabel('Tag to add').fill('campaign-q1')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await page.getByText(`${selected} ${selected === 1 ? 'person' : 'people'} changed`).waitFor()
    const { body } = await session.server.admin.get('/api/app/v1/people?tag=campaign-q1')
    expect(body.total).toBe(selected)
    await page.getByRole('button', { name: 'Save view' }).click()
    await page.getByLabel('Name of the view').fill('Leads')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('View “Leads” saved').waitFor()
    const views = await session.server.admin.get('/api/app/v1/saved-views?resource=people')
    expect(views.body.data[0]).toMatchObject({ name: 'Leads', query: 'lifecycleStage=lead' })
    await expectAccessible(page, 'people with a selection')
  })

  it('says who made a change in the app once the user says who they are', async () => {
    const { page, server } = session
    await page.goto(`${server.url}/settings/users`)
    await page.getByLabel('Who works in this browser').selectOption({ label: 'Bia Lima' })
    await expectAccessible(page, 'users with who am I')
    const { body } = await server.api.get('/api/v1/people?pageSize=100')
    const jose = body.data.find((person: { fullName: string }) => person.fullName === 'José Souza')
    await page.goto(`${server.url}/people/${jose.id}`)
    await page.getByRole('heading', { name: 'José Souza' }).waitFor()
    await page.keyboard.press('e')
    const dialog = page.getByRole('dialog', { name: 'Edit person' })
    await dialog.getByLabel('Lifecycle stage').selectOption('customer')
    await dialog.getByRole('button', { name: 'Save person' }).click()
    const timeline = page.getByRole('region', { name: 'Activity' })
    await timeline.getByText('by Bia Lima').first().waitFor()
    // The choice stays in this browser; "not chosen" goes back to "in the app".
    await page.goto(`${server.url}/settings/users`)
    await page.getByLabel('Who works in this browser').selectOption('')
  })

  it('offers owners and companies in alphabetical order, accents among their letters', async () => {
    const { page, server } = session
    for (const name of ['Zeca Prado', 'Álvaro Reis', 'bruno Dias']) {
      await server.admin.post('/api/app/v1/users', { name })
      await server.admin.post('/api/app/v1/companies', { name: `${name} Ltda` })
    }
    await page.goto(new URL('/people', server.url).href)
    await page.getByRole('button', { name: 'New person' }).click()
    const dialog = page.getByRole('dialog', { name: 'New person' })
    const options = (label: string) => dialog.getByLabel(label).locator('option').allInnerTexts()
    await expect
      .poll(() => options('Owner'))
      .toEqual(['No owner', 'Álvaro Reis', 'Bia Lima', 'bruno Dias', 'Zeca Prado'])
    // Companies are searched as they are typed; before that, the first ones by name are offered.
    await dialog.getByRole('combobox', { name: 'Company' }).focus()
    const offered = () => dialog.getByRole('listbox').getByRole('option').allInnerTexts()
    await expect.poll(offered).toEqual(['Álvaro Reis Ltda', 'bruno Dias Ltda', 'Zeca Prado Ltda'])
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
  })

  it('finds a company among more than a list could show, and links a person to it', async () => {
    const { page, server } = session
    // A thousand newer companies, then the one chosen: a select listed only the newest 1,000.
    const now = new Date()
    const old = await createCompany(server.db, server.tenantId, { name: 'Padaria Antiga' }, now)
    for (let i = 0; i < 1_000; i++) {
      await createCompany(server.db, server.tenantId, { name: `Loja ${i}` }, now)
    }
    await page.goto(new URL('/people', server.url).href)
    await page.getByRole('button', { name: 'New person' }).click()
    const dialog = page.getByRole('dialog', { name: 'New person' })
    await dialog.getByLabel('Full name').fill('Rosa Antiga')
    const company = dialog.getByRole('combobox', { name: 'Company' })
    await company.fill('antiga')
    await dialog.getByRole('option', { name: 'Padaria Antiga' }).click()
    await expect.poll(() => company.inputValue()).toBe('Padaria Antiga')
    await dialog.getByRole('button', { name: 'Add person' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const { body } = await server.api.get('/api/v1/people?q=rosa%20antiga')
    expect(body.data).toMatchObject([{ fullName: 'Rosa Antiga', companyId: old.id }])
    // Editing shows it by name, and saving another field keeps it.
    await page.goto(`${server.url}/people/${body.data[0].id}`)
    await page.getByRole('heading', { name: 'Rosa Antiga' }).waitFor()
    await page.keyboard.press('e')
    const edit = page.getByRole('dialog', { name: 'Edit person' })
    await expect
      .poll(() => edit.getByRole('combobox', { name: 'Company' }).inputValue())
      .toBe('Padaria Antiga')
    await edit.getByLabel('Lead source').fill('Balcão')
    await edit.getByRole('button', { name: 'Save person' }).click()
    await edit.waitFor({ state: 'hidden' })
    const saved = await server.api.get(`/api/v1/people/${body.data[0].id}`)
    expect(saved.body).toMatchObject({ leadSource: 'Balcão', companyId: old.id })
    await expectAccessible(page, 'person with a company')
  }, 60_000)

  it('adds a company not yet in the workspace from the person form, by its name', async () => {
    const { page, server } = session
    await page.goto(new URL('/people', server.url).href)
    await page.getByRole('button', { name: 'New person' }).click()
    const dialog = page.getByRole('dialog', { name: 'New person' })
    await dialog.getByLabel('Full name').fill('Marta Quintela')
    const company = dialog.getByRole('combobox', { name: 'Company' })
    await company.fill('Quintela Lda')
    // Offered once the search has found no company of that name; Enter takes it.
    const add = dialog.getByRole('option', { name: 'Add company “Quintela Lda”' })
    await add.waitFor()
    await company.press('ArrowDown')
    await company.press('Enter')
    await page.getByText('Company “Quintela Lda” added').waitFor()
    await expect.poll(() => company.inputValue()).toBe('Quintela Lda')
    await dialog.getByRole('button', { name: 'Add person' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const quintela = (await server.admin.get('/api/app/v1/companies?q=quintela')).body.data
    expect(quintela).toMatchObject([{ name: 'Quintela Lda' }])
    const { body } = await server.api.get('/api/v1/people?q=marta%20quintela')
    expect(body.data).toMatchObject([{ companyId: quintela[0].id }])
    // The list names her company under her name, as a link to it.
    const row = page.getByRole('row', { name: /Marta Quintela/ })
    await row.getByRole('link', { name: 'Quintela Lda' }).click()
    await page.getByRole('heading', { level: 1, name: 'Quintela Lda' }).waitFor()
    await page.goBack()
    // A name the workspace has is not offered again: the company is found instead.
    await page.getByRole('button', { name: 'New person' }).click()
    await dialog.getByRole('combobox', { name: 'Company' }).fill('quintela lda')
    await dialog.getByRole('option', { name: 'Quintela Lda' }).waitFor()
    expect(await dialog.getByRole('option', { name: /Add company/ }).count()).toBe(0)
    // The company filter above the list finds companies only; it adds none.
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    const searched = page.waitForResponse((response) => response.url().includes('q=Nova'))
    await page.getByRole('combobox', { name: 'Company' }).fill('Nova Empresa')
    await searched
    // No company matches, and nothing is offered in their place.
    await expect.poll(() => page.locator('.combobox-list:visible li').count()).toBe(0)

    // Her history names the companies she moved between, not only that the company changed.
    const costa = (await server.admin.post('/api/app/v1/companies', { name: 'Costa SA' })).body
    await server.api.patch(`/api/v1/people/${body.data[0].id}`, { companyId: costa.id })
    await page.goto(new URL(`/people/${body.data[0].id}`, server.url).href)
    await page
      .getByRole('region', { name: 'Activity' })
      .getByText('Company: Quintela Lda → Costa SA')
      .waitFor()
  })
})
