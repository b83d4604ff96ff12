import { createHmac } from 'node:crypto'
import { writeFileSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import readXlsxFile from 'read-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliver } from '../support/inbound'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { expectAccessible, openSession, screenshot, type Session } from './browser'

let session: Session
let receiver: WebhookReceiver

beforeAll(async () => {
  session = await openSession()
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await receiver.close()
  await session.close()
})

describe('inbound webhook settings', () => {
  /** Saves the webhook's form, and waits until the API shows its verification as `expected`. */
  async function saveVerification(expected: object) {
    await session.page.getByRole('button', { name: 'Save changes' }).click()
    await expect
      .poll(
        async () =>
          (await session.server.admin.get('/api/app/v1/inbound-webhooks')).body.data[0]
            .verification,
      )
      .toEqual(expected)
  }

  let webhookUrl = ''

  it('creates a webhook with a mapping, shows its URL once with a copy button', async () => {
    const { page, server } = session
    await page.goto(`${server.url}/settings/inbound`)
    await page.getByText('No inbound webhooks yet').waitFor()
    await expectAccessible(page, 'inbound webhooks list')
    await page.getByRole('link', { name: 'New inbound webhook' }).click()
    await page.getByLabel('Name').fill('Contact form')
    await page.getByLabel('Value of field 1').fill('{{first_name}} {{last_name}}')
    await page.getByRole('button', { name: 'Add a field' }).click()
    await page.getByLabel('Field 4', { exact: true }).selectOption('leadSource')
    await page.getByLabel('Value of field 4').fill('website')
    await page.getByLabel('Add tags').fill('inbound')
    // The form posts no delivery id header: the id its retries repeat is in the body.
    await page.getByLabel('Delivery id in the body').fill('submission_id')
    await page.getByLabel('Thank-you page for HTML forms').fill('https://www.acme.com.br/obrigado')
    await page.getByLabel('Sites that may post with fetch').fill('https://www.acme.com.br')
    await page.getByRole('button', { name: 'Create webhook' }).click()
    const dialog = page.getByRole('dialog', { name: "The webhook's URL" })
    webhookUrl = await dialog.getByTestId('webhook-url').innerText()
    expect(webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/in\/in_/)
    await dialog.getByRole('button', { name: 'Copy' }).waitFor()
    await dialog.getByRole('button', { name: 'Done' }).click()
    const { body } = await server.admin.get('/api/app/v1/inbound-webhooks')
    expect(body.data[0]).toMatchObject({
      name: 'Contact form',
      mapping: {
        fullName: '{{first_name}} {{last_name}}',
        primaryEmail: '{{email}}',
        primaryPhone: '{{phone}}',
        leadSource: 'website',
      },
      actions: { addTags: ['inbound'] },
      deliveryIdPath: 'submission_id',
      redirectUrl: 'https://www.acme.com.br/obrigado',
      allowedOrigins: ['https://www.acme.com.br'],
    })
  })

  it('tries a sample payload: the mapped record and the dedupe decision, nothing written', async () => {
    const { page, server } = session
    // The sample offered passes the mapping as it stands: each part of the name filled.
    await page.getByRole('button', { name: 'Try it' }).click()
    await page.locator('.try-result').getByText('Would create a person (201)').waitFor()
    expect(await page.locator('.try-result').innerText()).toContain('Ana Souza')
    await server.api.post('/api/v1/people', {
      fullName: 'Old Ana',
      primaryEmail: 'ana@acme.com.br',
    })
    await page
      .getByLabel('Sample payload (JSON)')
      .fill(
        '{"first_name":"Ana","last_name":"Souza","email":"ANA@acme.com.br","phone":"11 91234-5678"}',
      )
    await page.getByRole('button', { name: 'Try it' }).click()
    const result = page.locator('.try-result')
    await result.getByText('Would update the person it matched (200)').waitFor()
    const text = await result.innerText()
    expect(text).toContain('Ana Souza')
    expect(text).toContain('ana@acme.com.br')
    expect(text).toContain('+5511912345678')
    expect(text).toContain('matches an existing person on primaryEmail')
    expect((await server.admin.get('/api/app/v1/people?q=souza')).body.total).toBe(0)
    await screenshot(page, 'settings-inbound-try-it')
    await expectAccessible(page, 'inbound webhook page')
  })

  it('lists deliveries in the request log and replays one', async () => {
    const { page, server } = session
    const path = new URL(webhookUrl).pathname
    expect((await deliver(server, path, { first_name: 'Rui', last_name: 'Lima' })).status).toBe(201)
    expect((await deliver(server, path, { email: 'no-name@example.com' })).status).toBe(422)
    const log = page.getByRole('region', { name: 'Request log' })
    await log.getByText('Rejected').waitFor()
    expect(await log.locator('.delivery').count()).toBe(2)
    await log.locator('.delivery', { hasText: 'Created' }).locator('summary').click()
    await log.getByRole('button', { name: 'Replay' }).click()
    await page.getByText(/Replayed: (created|updated)/).waitFor()
    await expect.poll(() => log.locator('.delivery').count()).toBe(3)
    await screenshot(page, 'settings-inbound-log')
  })

  it('rotates the URL: the old one answers 404 at once', async () => {
    const { page, server } = session
    await page.getByRole('button', { name: 'Rotate URL' }).click()
    await page
      .getByRole('dialog', { name: 'Give this webhook a new URL?' })
      .getByRole('button', { name: 'Rotate URL' })
      .click()
    const dialog = page.getByRole('dialog', { name: "The webhook's URL" })
    const rotated = await dialog.getByTestId('webhook-url').innerText()
    expect(rotated).not.toBe(webhookUrl)
    const previous = webhookUrl
    webhookUrl = rotated
    await dialog.getByRole('button', { name: 'Done' }).click()
    expect((await deliver(server, new URL(previous).pathname, { first_name: 'X' })).status).toBe(
      404,
    )
    expect((await deliver(server, new URL(rotated).pathname, { first_name: 'Y' })).status).toBe(201)
  })

  it('asks deliveries to prove their sender with a GitHub signature, and stops asking', async () => {
    const { page } = session
    await page.getByLabel('Deliveries must prove their sender').selectOption('github')
    await page.getByLabel('Secret', { exact: true }).fill('gh-secret')
    await saveVerification({ kind: 'github', header: null, secretSet: true })
    await page.reload()
    await page.getByText('A secret is stored.', { exact: false }).waitFor()
    await page.getByLabel('Deliveries must prove their sender').selectOption('none')
    await saveVerification({ kind: 'none', header: null, secretSet: false })
    await expectAccessible(page, 'inbound webhook with verification')
  })

  it('takes a signature in a header the user names (Shopify), and checks deliveries by it', async () => {
    const { page, server } = session
    await page.getByLabel('Deliveries must prove their sender').selectOption('hmac-sha256')
    await page.getByLabel('Header holding the signature').fill('X-Shopify-Hmac-Sha256')
    await page.getByLabel('Secret', { exact: true }).fill('shpss_ui')
    await saveVerification({
      kind: 'hmac-sha256',
      header: 'X-Shopify-Hmac-Sha256',
      secretSet: true,
    })
    const { pathname: path } = new URL(webhookUrl)
    const body = JSON.stringify({ first_name: 'Loja', email: 'loja@example.com' })
    const signature = createHmac('sha256', 'shpss_ui').update(body).digest('base64')
    const post = (headers: Record<string, string>) =>
      fetch(server.url + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      })
    expect((await post({})).status).toBe(401)
    expect((await post({ 'X-Shopify-Hmac-Sha256': signature })).status).toBeLessThan(300)
    await page.getByLabel('Deliveries must prove their sender').selectOption('none')
    await saveVerification({ kind: 'none', header: null, secretSet: false })
  })
})

describe('outbound subscriptions', () => {
  it('subscribes a URL, shows the secret, sends a test event and lists it in the delivery log', async () => {
    const { page, server } = session
    await page.goto(`${server.url}/settings/outbound`)
    await page.getByLabel('Endpoint URL').fill(receiver.url)
    await page.getByLabel('Description').fill('Local receiver')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    const dialog = page.getByRole('dialog', { name: 'Subscribed' })
    expect(await dialog.locator('code').nth(1).innerText()).toMatch(/^whsec_/)
    await dialog.getByRole('link', { name: 'Open the delivery log' }).click()
    await page.getByRole('button', { name: 'Send test event' }).click()
    await page.getByText('Test event delivered (204)').waitFor()
    await receiver.waitFor(1)
    expect(receiver.received[0]!.headers['webhook-signature']).toMatch(/^v1,/)
    const log = page.getByRole('region', { name: 'Delivery log' })
    await log.getByText('webhook.test').waitFor()
    await screenshot(page, 'settings-outbound')
    await expectAccessible(page, 'subscription page')
  })

  it('delivers real events and redelivers one by hand', async () => {
    const { page, server } = session
    const before = receiver.received.length
    await server.api.post('/api/v1/people', { fullName: 'Event Person' })
    await receiver.waitFor(before + 1)
    const log = page.getByRole('region', { name: 'Delivery log' })
    await log.getByText('person.created').first().waitFor({ timeout: 15_000 })
    await log
      .getByRole('row', { name: /person\.created/ })
      .first()
      .getByRole('button', { name: 'Redeliver' })
      .click()
    await page.getByText('Delivered again').waitFor()
    await receiver.waitFor(before + 2)
    const ids = receiver.received.slice(-2).map((request) => request.headers['webhook-id'])
    expect(ids[0]).toBe(ids[1])
  })
})

describe('outbound recovery', () => {
  it('lists an event the endpoint rejected, retries it now, keeps strict order as set, and alerts', async () => {
    const { page, server } = session
    let poisoned = true
    const picky = await startWebhookReceiver((request) =>
      poisoned && request.body.includes('Poison') ? { status: 500 } : { status: 204 },
    )
    try {
      const { body: subscription } = await server.admin.post('/api/app/v1/webhook-subscriptions', {
        url: picky.url,
        eventTypes: ['person.created'],
      })
      await page.goto(`${server.url}/settings/outbound/${subscription.id}`)
      const strict = page.getByLabel('Strict order')
      expect(await strict.isChecked()).toBe(false)
      await strict.check()
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect
        .poll(
          async () =>
            (await server.admin.get(`/api/app/v1/webhook-subscriptions/${subscription.id}`)).body
              .strictOrder,
        )
        .toBe(true)
      await server.admin.patch(`/api/app/v1/webhook-subscriptions/${subscription.id}`, {
        strictOrder: false,
      })

      await server.api.post('/api/v1/people', { fullName: 'Poison Pill' })
      await picky.waitFor(1)
      const region = page.getByRole('region', { name: 'Failed and retrying deliveries' })
      const row = region.getByRole('row', { name: /person\.created/ })
      await row.getByText('Retrying').waitFor()
      await expectAccessible(page, 'subscription with a delivery set aside')
      // The schedule's first retry, 5 s after the failure, fails too. The next is minutes away,
      // so "Retry now" is the only attempt that can deliver it (had the scheduled one come just
      // after the endpoint recovered, it would have delivered it first, and there would be
      // nothing left to retry).
      await picky.waitFor(2)
      await row.getByText('Retrying').waitFor()
      poisoned = false
      await row.getByRole('button', { name: 'Retry now' }).click()
      await page.getByText('1 delivery goes again now').waitFor()
      await picky.waitFor(3)
      await region.getByText('Nothing waiting').waitFor()

      // Failing for two hours: every screen says so, with a way to the subscription.
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString()
      await server.db
        .updateTable('webhookSubscriptions')
        .set({ failingSince: twoHoursAgo })
        .where('id', '=', subscription.id)
        .execute()
      await page.goto(`${server.url}/people`)
      const alerts = page.getByRole('region', { name: 'Outbound webhook alerts' })
      await alerts
        .getByText(`Outbound webhook ${picky.url} has failed every delivery since`)
        .waitFor()
      await alerts.getByRole('link', { name: 'Open' }).click()
      await page.waitForURL(`**/settings/outbound/${subscription.id}`)
      await server.admin.delete(`/api/app/v1/webhook-subscriptions/${subscription.id}`)
    } finally {
      await picky.close()
    }
  })
})

describe('import and export', () => {
  it('imports a CSV through a column-mapping step and reports created, updated and rejected rows', async () => {
    const { page, server } = session
    const folder = mkdtempSync(join(tmpdir(), 'outpost-csv-'))
    const file = join(folder, 'leads.csv')
    writeFileSync(
      file,
      'Nome,E-mail,Celular,Empresa\nBeatriz Costa,bia@costa.com.br,11 98888-7777,Costa Ltda\n,sem-nome@example.com,,\nOld Ana again,ana@acme.com.br,,\n',
    )
    await page.goto(`${server.url}/settings/import-export`)
    await expectAccessible(page, 'import and export')
    await page.getByLabel('CSV file, with a header line').setInputFiles(file)
    await page.getByText('say which column fills which field').waitFor()
    expect(await page.getByLabel('Field for column Nome').inputValue()).toBe('fullName')
    expect(await page.getByLabel('Field for column E-mail').inputValue()).toBe('primaryEmail')
    await page
      .getByLabel('Field for column Empresa')
      .selectOption({ label: 'Custom field “Empresa”' })
    await screenshot(page, 'settings-import-mapping')
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const counts = page.locator('.import-counts')
    await counts.waitFor()
    expect((await counts.innerText()).replace(/\s+/g, ' ')).toBe(
      '3 rows 1 created 1 updated 1 rejected',
    )
    // The rejected row's line, and its field by the name the mapping gave it.
    const rejected = await page
      .locator('.data-table tbody tr')
      .first()
      .locator('td')
      .allInnerTexts()
    expect(rejected.slice(0, 2)).toEqual(['3', 'Full name'])
    const { body } = await server.admin.get('/api/app/v1/people?q=beatriz')
    expect(body.data[0]).toMatchObject({
      primaryEmail: 'bia@costa.com.br',
      primaryPhone: '+5511988887777',
      customFields: { Empresa: 'Costa Ltda' },
    })
    await screenshot(page, 'settings-import-done')
  })

  it('leaves a row’s note and task on its person, as an inbound delivery can', async () => {
    const { page, server } = session
    const folder = mkdtempSync(join(tmpdir(), 'outpost-csv-'))
    const file = join(folder, 'trade-show.csv')
    writeFileSync(
      file,
      'Name,Email,Observações,Next step\nLia Prado,lia@prado.com.br,Met at the **fair**,Send the catalogue\n',
    )
    await page.goto(`${server.url}/settings/import-export`)
    await page.getByLabel('CSV file, with a header line').setInputFiles(file)
    await page.getByText('say which column fills which field').waitFor()
    expect(await page.getByLabel('Field for column Observações').inputValue()).toBe('note')
    expect(await page.getByLabel('Field for column Next step').inputValue()).toBe('task')
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await page.locator('.import-counts').waitFor()
    const person = (await server.admin.get('/api/app/v1/people?q=lia@prado.com.br')).body.data[0]
    expect(person.customFields).toEqual({})
    const notes = await server.api.get(`/api/v1/notes?personId=${person.id}`)
    expect(notes.body.data.map((note: { body: string }) => note.body)).toEqual([
      'Met at the **fair**',
    ])
    const tasks = await server.api.get(`/api/v1/activities?personId=${person.id}`)
    expect(tasks.body.data).toMatchObject([
      { type: 'task', subject: 'Send the catalogue', done: false },
    ])
  })

  it('imports a sheet Excel saved on Windows: semicolons, Windows-1252, accented headers', async () => {
    const { page, server } = session
    const folder = mkdtempSync(join(tmpdir(), 'outpost-csv-'))
    const file = join(folder, 'clientes.csv')
    writeFileSync(
      file,
      Buffer.from('Nome;E-mail;Região\r\nJoão Conceição;joao@excel.com.br;São Paulo\r\n', 'latin1'),
    )
    await page.goto(`${server.url}/settings/import-export`)
    await page.getByLabel('CSV file, with a header line').setInputFiles(file)
    await page.getByText('say which column fills which field').waitFor()
    // The preview reads the columns the server will: three, named as the sheet names them.
    expect(await page.getByLabel('Field for column Nome').inputValue()).toBe('fullName')
    expect(await page.getByLabel('Field for column E-mail').inputValue()).toBe('primaryEmail')
    await page
      .getByLabel('Field for column Região')
      .selectOption({ label: 'Custom field “Região”' })
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const counts = page.locator('.import-counts')
    await counts.waitFor()
    expect((await counts.innerText()).replace(/\s+/g, ' ')).toBe(
      '1 rows 1 created 0 updated 0 rejected',
    )
    await page.getByText('it was read as Windows-1252').waitFor()
    const { body } = await server.admin.get('/api/app/v1/people?q=joao@excel.com.br')
    expect(body.data[0].fullName).toBe('João Conceição')
    // Named as the column, its accents folded (keys are letters, digits, _ and -): not Regi_o.
    expect(body.data[0].customFields).toEqual({ Regiao: 'São Paulo' })
  })

  it('imports a HubSpot export, whose names come in two columns, as whole names', async () => {
    const { page, server } = session
    const folder = mkdtempSync(join(tmpdir(), 'outpost-csv-'))
    const file = join(folder, 'hubspot-contacts.csv')
    writeFileSync(
      file,
      'First Name,Last Name,Email,Company Name\nMarta,Quintela,marta@quintela.pt,Quintela Lda\nSó,,so@example.com,\n',
    )
    await page.goto(`${server.url}/settings/import-export`)
    await page.getByLabel('CSV file, with a header line').setInputFiles(file)
    await page.getByText('say which column fills which field').waitFor()
    expect(await page.getByLabel('Field for column First Name').inputValue()).toBe('firstName')
    expect(await page.getByLabel('Field for column Last Name').inputValue()).toBe('lastName')
    expect(await page.getByLabel('Field for column Company Name').inputValue()).toBe('company')
    // Nothing is missing: the two parts make the full name.
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isEnabled()).toBe(true)
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const counts = page.locator('.import-counts')
    await counts.waitFor()
    expect((await counts.innerText()).replace(/\s+/g, ' ')).toBe(
      '2 rows 2 created 0 updated 0 rejected',
    )
    const marta = (await server.admin.get('/api/app/v1/people?q=marta@quintela.pt')).body.data[0]
    expect(marta.fullName).toBe('Marta Quintela')
    const company = (await server.admin.get(`/api/app/v1/companies/${marta.companyId}`)).body
    expect(company.name).toBe('Quintela Lda')
    const so = (await server.admin.get('/api/app/v1/people?q=so@example.com')).body.data[0]
    expect(so.fullName).toBe('Só')
  })

  it('imports deals: pipeline and stage by name, person by e-mail, unknown names rejected', async () => {
    const { page, server } = session
    const folder = mkdtempSync(join(tmpdir(), 'outpost-csv-'))
    const file = join(folder, 'deals.csv')
    writeFileSync(
      file,
      'Título,Valor,Funil,Etapa,Contato\n' +
        'Telhado novo,"12.345,50",Sales,Proposal,bia@costa.com.br\n' +
        'Sem funil,10,Vendas,Proposal,\n',
    )
    await page.goto(`${server.url}/settings/import-export`)
    await page.getByLabel('What the file holds').selectOption('deals')
    await page.getByLabel('CSV file, with a header line').setInputFiles(file)
    await page.getByText('say which column fills which field of the deals').waitFor()
    expect(await page.getByLabel('Field for column Funil').inputValue()).toBe('pipeline')
    expect(await page.getByLabel('Field for column Contato').inputValue()).toBe('person')
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const counts = page.locator('.import-counts')
    await counts.waitFor()
    expect((await counts.innerText()).replace(/\s+/g, ' ')).toBe(
      '2 rows 1 created 0 updated 1 rejected',
    )
    expect(await page.locator('.data-table').innerText()).toContain(
      'pipeline "Vendas" matches no pipeline of this workspace',
    )
    const { body } = await server.admin.get('/api/app/v1/deals?pageSize=100')
    expect(body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'Telhado novo', value: 12345.5 })]),
    )
  })

  it('imports a call history: done calls join the person’s history, open tasks My work', async () => {
    const { page, server } = session
    const folder = mkdtempSync(join(tmpdir(), 'outpost-csv-'))
    const file = join(folder, 'atividades.csv')
    writeFileSync(
      file,
      'Tipo,Assunto,Data,Concluída,E-mail,Negócio\n' +
        'call,Primeira ligação,2026-03-02,sim,bia@costa.com.br,Telhado novo\n' +
        'task,Mandar o contrato,2026-03-09,não,bia@costa.com.br,\n' +
        'call,Ninguém,2026-03-02,sim,ninguem@costa.com.br,\n',
    )
    await page.goto(`${server.url}/settings/import-export`)
    await page.getByLabel('What the file holds').selectOption('activities')
    await page.getByLabel('CSV file, with a header line').setInputFiles(file)
    await page.getByText('say which column fills which field of the activities').waitFor()
    // Portuguese headers are recognised, as English ones are.
    expect(await page.getByLabel('Field for column Assunto').inputValue()).toBe('subject')
    expect(await page.getByLabel('Field for column Concluída').inputValue()).toBe('done')
    expect(await page.getByLabel('Field for column Negócio').inputValue()).toBe('deal')
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const counts = page.locator('.import-counts')
    await counts.waitFor()
    expect((await counts.innerText()).replace(/\s+/g, ' ')).toBe(
      '3 rows 2 created 0 updated 1 rejected',
    )
    expect(await page.locator('.data-table').innerText()).toContain('ninguem@costa.com.br')
    const { body } = await server.api.get('/api/v1/activities?q=Primeira')
    expect(body.data[0]).toMatchObject({ type: 'call', done: true, dueDate: '2026-03-02' })
    expect(body.data[0].dealId).not.toBeNull()
  })

  it('exports people as an Excel workbook, and as CSV', async () => {
    const { page } = session
    // A workbook is the first choice: it opens as it is in any locale's spreadsheet.
    expect(await page.getByLabel('as', { exact: true }).inputValue()).toBe('xlsx')
    const workbook = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download' }).click()
    const saved = await workbook
    expect(saved.suggestedFilename()).toMatch(/^outpost-people-\d{4}-\d{2}-\d{2}\.xlsx$/)
    const [sheet] = await readXlsxFile(readFileSync((await saved.path())!))
    expect(sheet!.data[0]!.slice(0, 2)).toEqual(['id', 'fullName'])
    expect(sheet!.data.map((row) => row[1])).toContain('João Conceição')

    await page.getByLabel('What to export').selectOption('people')
    await page.getByLabel('as', { exact: true }).selectOption('csv')
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^outpost-people-\d{4}-\d{2}-\d{2}\.csv$/)
    const bytes = readFileSync((await file.path())!)
    // For a spreadsheet: Excel reads UTF-8 as such only after a byte-order mark.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    expect(text.split('\n')[0]).toMatch(/^id,fullName,/)
    expect(text).toContain('Beatriz Costa')
    expect(text).toContain('João Conceição')
  })
})
