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
  await seedDemoWorkspace(session.server.db, new Date())
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
  return readdirSync(folder).flatMap((file) =>
    strings(JSON.parse(readFileSync(join(folder, file), 'utf8')) as Tree),
  )
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
  return englishOnly.filter((phrase) => wholePhrase(phrase).test(text))
}

const screens: [string, string, string][] = [
  ['/board', '.deal-card', 'Funil'],
  ['/deals', '.deals-table tbody tr', 'Negócios'],
  ['/my-work', '.activity-item', 'Meu trabalho'],
  ['/forecast', '.forecast-month', 'Previsão'],
  ['/people', '.people-table tbody tr', 'Pessoas'],
  ['/companies', '.companies-table tbody tr', 'Empresas'],
  ['/settings/activities', '.settings-content h2', 'Atividades'],
  ['/settings/import-export', '.settings-content h2', 'Importação e exportação'],
  ['/settings/inbound', '.settings-content h2', 'Webhooks de entrada'],
  ['/settings/language', '.settings-content h2', 'Idioma'],
]

describe('the interface in Portuguese', () => {
  it('follows a Brazilian system, with the page’s lang set', async () => {
    const { page } = session
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR')
    await page.getByRole('link', { name: 'Quadro' }).waitFor()
    expect(await page.getByRole('link', { name: /Meu trabalho/ }).count()).toBe(1)
  })

  for (const width of [1024, 1440]) {
    it(`every new screen at ${width} px: Portuguese only, and accessible`, async () => {
      const { page } = session
      await page.setViewportSize({ width, height: width === 1024 ? 768 : 900 })
      for (const [path, ready, heading] of screens) {
        await page.goto(new URL(path, session.server.url).href)
        await page.locator(ready).first().waitFor()
        await page.getByRole('heading', { name: heading }).first().waitFor()
        expect(await englishLeftOn(page), path).toEqual([])
        await expectAccessible(page, `${path} in Portuguese at ${width}`)
      }
    })
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
