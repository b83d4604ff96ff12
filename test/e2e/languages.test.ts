// Two languages, one source: a Brazilian system gets the interface in Portuguese with the page's
// lang set, Settings switches it per user, and no screen shows English left behind.

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoWorkspace } from '../../src/server/demo/seed'
import { expectAccessible, openSession, type Session } from './browser'

let session: Session

beforeAll(async () => {
  // No language picked: the system's (the browser's pt-BR locale) decides.
  session = await openSession({ language: 'system' })
  // The demo as a Brazilian machine creates it: its records are named in Portuguese too.
  await seedDemoWorkspace(session.server.db, new Date(), 'pt-BR')
  await session.page.reload()
  await session.page.getByLabel('Espaço de trabalho').selectOption({ label: 'Demo' })
  await session.page.locator('.deal-card').first().waitFor()
})
afterAll(() => session.close())

type Tree = { [key: string]: string | Tree }
const strings = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : strings(value)))

// English sentences of the catalogue that Portuguese words differently: none may be on screen.
// Phrases (two words or more) without placeholders, so data such as a person's name cannot match.
const catalogue = (language: string) => {
  const folder = join('src/renderer/src/i18n/locales', language)
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => strings(JSON.parse(readFileSync(join(folder, file), 'utf8')) as Tree))
}
const englishOnly = (() => {
  const portuguese = new Set(catalogue('pt-BR'))
  return catalogue('en').filter(
    (text) => / /.test(text) && !/[{<]/.test(text) && !portuguese.has(text),
  )
})()

// Whole phrases only: "My work" is not in the workspace "My workspace".
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const wholePhrase = (phrase: string) =>
  new RegExp(`(^|[^\\p{L}])${escaped(phrase)}($|[^\\p{L}])`, 'u')

async function englishLeftOn(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText()
  // What a screen reader is told of a draggable (hidden from the eye): dnd-kit's default is English.
  const spoken = (await page.locator('[id^="DndDescribedBy"]').allTextContents()).join('\n')
  const left = englishOnly.filter((phrase) => wholePhrase(phrase).test(text))
  return /draggable item/.test(spoken) ? [...left, spoken] : left
}

// Relative times are phrases of the interface's language: on English screens of this Brazilian
// system, "há 1 mês" or "agora" would be Portuguese left on screen.
async function portugueseTimesOn(page: Page): Promise<string[]> {
  const times = await page.locator('time').allInnerTexts()
  return times.filter((text) => /\b(há|agora|ontem|amanhã|passad[oa]|em \d)/u.test(text))
}

// Each new screen: its address, what shows it is loaded, its heading in English and Portuguese.
const screens: [string, string, string, string][] = [
  ['/board', '.deal-card', 'Pipeline', 'Funil'],
  ['/deals', '.deals-table tbody tr', 'Deals', 'Negócios'],
  ['/my-work', '.activity-item', 'My work', 'Meu trabalho'],
  ['/forecast', '.forecast-month', 'Forecast', 'Previsão'],
  ['/people', '.people-table tbody tr', 'People', 'Pessoas'],
  ['/companies', '.companies-table tbody tr', 'Companies', 'Empresas'],
  ['/settings/activities', '.settings-content h2', 'Activities', 'Atividades'],
  ['/settings/pipelines', '.stage-list', 'Pipelines and stages', 'Funis e etapas'],
  [
    '/settings/import-export',
    '.settings-content h2',
    'Import and export',
    'Importação e exportação',
  ],
  ['/settings/inbound', '.settings-content h2', 'Inbound webhooks', 'Webhooks de entrada'],
  ['/settings/language', '.settings-content h2', 'Language', 'Idioma'],
  ['/settings/tunnel', '.settings-content h2', 'Tunnel', 'Túnel'],
  ['/settings/audit', '.settings-content h2', 'Audit log', 'Registro de auditoria'],
]

async function walkScreens(language: 'en' | 'pt-BR', width: number) {
  const { page } = session
  await page.evaluate(`localStorage.setItem('outpost.language', '${language}')`)
  await page.setViewportSize({ width, height: width === 1024 ? 768 : 900 })
  for (const [path, ready, english, portuguese] of screens) {
    await page.goto(new URL(path, session.server.url).href)
    await page.locator(ready).first().waitFor()
    const heading = language === 'en' ? english : portuguese
    await page.getByRole('heading', { name: heading }).first().waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe(language)
    if (language === 'pt-BR') expect(await englishLeftOn(page), path).toEqual([])
    else expect(await portugueseTimesOn(page), path).toEqual([])
    await expectAccessible(page, `${path} in ${language} at ${width}`)
  }
  // A company's and a deal's page, with their activities, notes and timeline.
  for (const [list, link] of [
    ['/companies', '.companies-table tbody a'],
    ['/deals', '.deals-table tbody a'],
  ] as const) {
    await page.goto(new URL(list, session.server.url).href)
    await page.locator(link).first().click()
    await page.locator('.work-card').waitFor()
    if (language === 'pt-BR') expect(await englishLeftOn(page), page.url()).toEqual([])
    await expectAccessible(page, `${page.url()} in ${language} at ${width}`)
  }
  await page.evaluate(`localStorage.removeItem('outpost.language')`)
}

describe('the interface in Portuguese', () => {
  it('follows a Brazilian system, with the page’s lang set', async () => {
    const { page } = session
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR')
    await page.getByRole('link', { name: 'Quadro' }).waitFor()
    expect(await page.getByRole('link', { name: /Meu trabalho/ }).count()).toBe(1)
    // The demo workspace's pipeline and stages, named when it was created on this machine.
    expect(await page.getByLabel('Funil').locator('option:checked').innerText()).toBe('Vendas')
    await page.getByRole('heading', { name: 'Qualificado', exact: true }).waitFor()
  })

  // Twelve screens, each checked by axe (seconds each on the demo's board): a walk's budget, not
  // a speed requirement.
  const walkTimeout = 120_000
  for (const width of [1024, 1440]) {
    it(
      `every new screen at ${width} px in Portuguese: no English left, and accessible`,
      () => walkScreens('pt-BR', width),
      walkTimeout,
    )
    it(
      `every new screen at ${width} px in English: accessible too`,
      () => walkScreens('en', width),
      walkTimeout,
    )
  }

  it('a person’s page, its activity composer and the command palette speak Portuguese', async () => {
    const { page } = session
    await page.goto(new URL('/people', session.server.url).href)
    await page.locator('.person-name').first().click()
    const card = page.locator('.work-card')
    await card.getByRole('tab', { name: 'Agendar' }).click()
    await card.getByLabel('Lembrete').waitFor()
    expect(await englishLeftOn(page)).toEqual([])
    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog')
    await palette.getByRole('combobox').fill('empr')
    await palette.getByText('Ir para Empresas').waitFor()
    // "novo" offers the three new records, whatever the gender of their noun.
    await palette.getByRole('combobox').fill('novo')
    for (const label of ['Novo negócio', 'Nova pessoa', 'Nova empresa']) {
      await palette.getByRole('option', { name: label }).waitFor()
    }
    await palette.getByRole('combobox').fill('tokens')
    await palette.getByRole('option', { name: /Configurações › Tokens de API/ }).waitFor()
    await page.keyboard.press('Escape')
  })

  it('Settings → Language switches this user to English and back to the system’s', async () => {
    const { page } = session
    await page.goto(new URL('/settings/language', session.server.url).href)
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption({ label: 'English' })
    await page.getByRole('heading', { name: 'Language', exact: true }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    await page.getByRole('link', { name: 'Board' }).waitFor()
    // Kept across visits, like any preference.
    await page.reload()
    await page.getByRole('link', { name: 'Board' }).waitFor()
    await page
      .getByRole('combobox', { name: 'Language' })
      .selectOption({ label: 'System (Português (Brasil))' })
    await page.getByRole('heading', { name: 'Idioma', exact: true }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR')
  })
})
