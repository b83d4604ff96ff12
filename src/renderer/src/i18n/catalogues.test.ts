import { describe, expect, it } from 'vitest'
import { catalogue as english } from './locales/en'
import { catalogue as portuguese } from './locales/pt-BR'

const resources = { en: english, 'pt-BR': portuguese }

type Tree = { [key: string]: string | Tree }

/** Every key of a catalogue as a dotted path, with its string. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') entries.set(path, value)
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text)
  }
  return entries
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort()

// Portuguese has a "many" plural (1 000 000 exactly) that English lacks, and counts 0 as "one"
// ("0 criado"): a "_zero" form says it as Portuguese does (i18next tries it first for 0).
const portugueseOnly = (key: string, english: Map<string, string>) =>
  /_(many|zero)$/.test(key) && english.has(key.replace(/_(many|zero)$/, '_other'))

describe('the catalogues', () => {
  for (const namespace of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
    it(`${namespace}: Portuguese has every English key, with the same placeholders`, () => {
      const english = flatten(resources.en[namespace] as Tree)
      const portuguese = flatten(resources['pt-BR'][namespace] as Tree)
      const missing = [...english.keys()].filter((key) => !portuguese.has(key))
      const extra = [...portuguese.keys()].filter(
        (key) => !english.has(key) && !portugueseOnly(key, english),
      )
      expect({ missing, extra }).toEqual({ missing: [], extra: [] })
      for (const [key, text] of english) {
        expect(portuguese.get(key)?.trim(), `${namespace}:${key} is empty`).not.toBe('')
        expect(placeholders(portuguese.get(key) ?? ''), `${namespace}:${key}`).toEqual(
          placeholders(text),
        )
      }
      const needsMany = [...english.keys()]
        .filter((key) => key.endsWith('_other'))
        .map((key) => key.replace(/_other$/, '_many'))
        .filter((key) => !portuguese.has(key))
      expect(needsMany, 'plural keys need a _many form in Portuguese').toEqual([])
    })
  }

  it('Portuguese says an import summary of nothing in the plural, as people do', async () => {
    const { createInstance } = await import('i18next')
    const i18n = createInstance()
    await i18n.init({ lng: 'pt-BR', resources: { 'pt-BR': portuguese } })
    const created = (count: number) =>
      i18n.t('importExport:summary.created', { count, formatted: String(count) })
    expect([created(0), created(1), created(2)]).toEqual([
      '<strong>0</strong> criados',
      '<strong>1</strong> criado',
      '<strong>2</strong> criados',
    ])
  })
})
