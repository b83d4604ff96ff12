import { afterEach, describe, expect, it } from 'vitest'
import { openSession, screenshot, type Session } from './browser'

let session: Session | undefined
afterEach(() => session?.close())

// Intl puts no-break spaces around currency signs; people read them as spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

// The deal form's words in each user's language.
const words = {
  'pt-BR': {
    newDeal: 'Novo negócio',
    title: 'Título',
    value: 'Valor',
    create: 'Criar negócio',
    edit: 'Editar',
    editDeal: 'Editar negócio',
    cancel: 'Cancelar',
  },
  en: {
    newDeal: 'New deal',
    title: 'Title',
    value: 'Value',
    create: 'Create deal',
    edit: 'Edit',
    editDeal: 'Edit deal',
    cancel: 'Cancel',
  },
}
let form = words['pt-BR']

async function createDeal(title: string, typed: string) {
  const { page } = session!
  await page.getByRole('button', { name: form.newDeal }).click()
  const dialog = page.getByRole('dialog', { name: form.newDeal })
  await dialog.getByLabel(form.title).fill(title)
  await dialog.getByLabel(form.value).fill(typed)
  await dialog.getByRole('button', { name: form.create }).click()
  await dialog.waitFor({ state: 'hidden' })
  const { body } = await session!.server.admin.get('/api/v1/deals?pageSize=100')
  return body.data.find((deal: { title: string }) => deal.title === title)
}

async function valueShownWhenEditing(dealId: string): Promise<string> {
  const { page } = session!
  await page.goto(new URL(`/deals/${dealId}`, session!.server.url).href)
  await page.getByRole('button', { name: form.edit, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: form.editDeal })
  const value = await dialog.getByLabel(form.value).inputValue()
  await dialog.getByRole('button', { name: form.cancel }).click()
  return value
}

describe('money as people write it', () => {
  it('a Brazilian Portuguese user types 12.345,50 and sees R$ 12.345,50', async () => {
    // A Brazilian system, and no language picked: the interface is Portuguese too.
    session = await openSession({ locale: 'pt-BR', language: 'system' })
    form = words['pt-BR']
    const { page } = session
    expect(await page.evaluate('document.documentElement.lang')).toBe('pt-BR')
    const deal = await createDeal('Contrato anual', '12.345,50')
    expect(deal.value).toBe(12345.5)
    await page.goto(new URL(`/deals/${deal.id}`, session.server.url).href)
    expect(plain(await page.locator('.detail-value').first().innerText())).toBe('R$ 12.345,50')
    expect(await valueShownWhenEditing(deal.id)).toBe('12.345,50')
    await screenshot(page, 'money-pt-BR')
  })

  it('an English user types 12,345.50, and a separator English reads otherwise is refused', async () => {
    session = await openSession({ locale: 'en-US', language: 'system' })
    form = words.en
    const { page } = session
    expect(await page.evaluate('document.documentElement.lang')).toBe('en')
    await page.getByRole('button', { name: 'New deal' }).click()
    const dialog = page.getByRole('dialog', { name: 'New deal' })
    await dialog.getByLabel('Title').fill('Annual plan')
    // "12.345,50" is a Brazilian amount: in English it is no amount at all, so it is not guessed at.
    await dialog.getByLabel('Value').fill('12.345,50')
    await dialog.getByRole('button', { name: 'Create deal' }).click()
    await dialog.getByText('Value is not an amount: write it as 12,345.50').waitFor()
    await dialog.getByLabel('Value').fill('12,345.50')
    await dialog.getByRole('button', { name: 'Create deal' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const { body } = await session.server.admin.get('/api/v1/deals?pageSize=100')
    const deal = body.data.find((item: { title: string }) => item.title === 'Annual plan')
    expect(deal.value).toBe(12345.5)
    await page.goto(new URL(`/deals/${deal.id}`, session.server.url).href)
    expect(plain(await page.locator('.detail-value').first().innerText())).toBe('R$12,345.50')
    expect(await valueShownWhenEditing(deal.id)).toBe('12,345.50')
  })

  it("an inbound webhook's fixed deal value is read the same way: 1.500 is fifteen hundred in pt-BR", async () => {
    session = await openSession({ locale: 'pt-BR' })
    const { page, server } = session
    await page.goto(`${server.url}/settings/inbound/new`)
    await page.getByLabel('Name').fill('Site form')
    await page.getByText('Create a deal for each new person').click()
    await page.getByLabel('Pipeline').selectOption({ index: 1 })
    await page.getByLabel('Stage').selectOption({ index: 1 })
    const value = page.getByLabel('Value (number or placeholder)')
    await value.fill('1.5')
    await page.getByRole('button', { name: 'Create webhook' }).click()
    await page.getByText('Value is not an amount: write it as 12.345,50').waitFor()
    await value.fill('1.500')
    await page.getByRole('button', { name: 'Create webhook' }).click()
    await page.getByRole('dialog', { name: "The webhook's URL" }).waitFor()
    const { body } = await server.admin.get('/api/app/v1/inbound-webhooks')
    expect(body.data[0].actions.createDeal.value).toBe(1500)
  })
})
