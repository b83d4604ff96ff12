import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoWorkspace } from '../../src/server/demo/seed'
import { caller } from '../support/server'
import { openSession, screenshot, type Session } from './browser'

let session: Session
let subscriptionId: string
let inboundId: string

beforeAll(async () => {
  session = await openSession()
  const demo = await seedDemoWorkspace(session.server.db, new Date())
  // An endpoint nobody listens on, and a change for it: the subscription's delivery log shows
  // the failed attempts.
  const admin = caller(session.server.url, demo.adminToken)
  const { body } = await admin.post('/api/app/v1/webhook-subscriptions', {
    url: 'http://127.0.0.1:9/hook',
    eventTypes: ['*'],
  })
  subscriptionId = body.id
  await admin.post('/api/v1/people', { fullName: 'Ana Souza' })
  // An inbound webhook with a delivery taken and one refused, for its request log.
  const inbound = await admin.post('/api/app/v1/inbound-webhooks', {
    name: 'Formulário de contato do site',
    objectType: 'person',
    mapping: { fullName: '{{first_name}} {{last_name}}', primaryEmail: '{{email}}' },
  })
  inboundId = inbound.body.id
  for (const payload of [{ first_name: 'Rui', last_name: 'Lima' }, { email: 'x@example.com' }]) {
    await fetch(inbound.body.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    })
  }
  await session.page.reload()
  await session.page.getByLabel('Workspace').selectOption({ label: 'Demo' })
  await session.page.locator('.deal-card').first().waitFor()
})
afterAll(() => session.close())

/** What a screen must not do at any width: each finding names the element and what is wrong. */
interface Layout {
  narrowControls: string[]
  clippedText: string[]
  clippedPlaceholders: string[]
  outOfReach: string[]
  tablesPastTheirBox: string[]
  cardsOverflowing: string[]
  brokenWords: string[]
  looseChoices: string[]
  cutWithoutEllipsis: string[]
}

// Runs in the page (a string: the tests' Node types do not describe the DOM). Text controls under
// 60 px cannot show a word; names that overflow their box are clipped (ellipsis included), and so
// is an empty field's placeholder wider than the field's text box ("Worksp" of "Workspace"); a
// button or control of the header past the viewport's right edge cannot be reached (a board
// column's, past it as the board scrolls, can); a table wider than the box it is in runs out of it
// (its last columns, and the buttons there, cut off), and so does text wider than its card (a long
// e-mail beside a name, past the card's edge); a short
// word split over two lines ("SCOP" above "E") is unreadable: only an e-mail, an address or another
// long run of letters may break where it must (and any text after a hyphen or a dash); a check box
// or radio stands just before its label's text, not far from it; text cut short shows an ellipsis.
const measureLayout = (root: string) => `(() => {
  const root = document.querySelector(${JSON.stringify(root)})
  const visible = (el) => {
    const box = el.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden' &&
      !el.closest('.visually-hidden')
  }
  const name = (el) => (el.id ? '#' + el.id : el.className || el.tagName) + ' "' + (el.value || el.textContent || '').trim().slice(0, 40) + '"'
  const controls = [...root.querySelectorAll('input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=color]), select, textarea')]
  const names = [...root.querySelectorAll('h1, h2, td, th, label, legend, .sidebar-label, nav a, .deal-title, .deal-linked, .owner-name, .person-name-text, .detail-value, .column-title h2, .lifecycle')]
  const header = [...root.querySelectorAll('.page-header button, .page-header select, .page-header a, header:not(.column-header) button, header:not(.column-header) select')]
  return {
    narrowControls: controls.filter(visible).filter((el) => el.getBoundingClientRect().width < 60).map(name),
    clippedText: names.filter(visible).filter((el) => el.scrollWidth > el.clientWidth + 1).map(name),
    clippedPlaceholders: controls.filter(visible).filter((el) => el.placeholder && !el.value && el.tagName !== 'TEXTAREA')
      .filter((el) => {
        const style = getComputedStyle(el)
        const text = document.createElement('canvas').getContext('2d')
        text.font = style.font
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return text.measureText(el.placeholder).width > room + 1
      })
      .map((el) => name(el) + ' placeholder "' + el.placeholder + '"'),
    outOfReach: header.filter(visible).filter((el) => el.getBoundingClientRect().right > window.innerWidth).map(name),
    tablesPastTheirBox: [...root.querySelectorAll('table')].filter(visible)
      .filter((el) => el.getBoundingClientRect().width > el.parentElement.clientWidth + 1)
      .map((el) => el.className + ' (' + Math.round(el.getBoundingClientRect().width) + ' px in ' + el.parentElement.clientWidth + ')'),
    cardsOverflowing: [...root.querySelectorAll('.detail-card')].filter(visible)
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => name(el.querySelector('h2') || el) + ' (' + el.scrollWidth + ' px in ' + el.clientWidth + ')'),
    brokenWords: names.filter(visible).flatMap((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      const broken = []
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.data.matchAll(/[^\\s\\-\u2013\u2014]+/g)) {
          if (word[0].length < 2 || word[0].length > 16) continue
          const range = document.createRange()
          range.setStart(node, word.index)
          range.setEnd(node, word.index + word[0].length)
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
          if (lines.size > 1) broken.push(name(el) + ' breaks "' + word[0] + '"')
        }
      }
      return broken
    }),
    looseChoices: [...root.querySelectorAll('label')].filter(visible).flatMap((label) => {
      const box = label.querySelector('input[type=checkbox], input[type=radio]')
      const text = [...label.childNodes].find((node) => node.nodeType === 3 && node.data.trim())
      if (!box || !text) return []
      const range = document.createRange()
      range.selectNodeContents(text)
      const words = [...range.getClientRects()].filter((r) => r.width > 0)
      // A stretched box draws its mark at its left: measured from there, as the eye sees it.
      const mark = box.getBoundingClientRect()
      const gap = Math.min(...words.map((r) => r.left)) - (mark.left + Math.min(mark.width, mark.height))
      return gap > 24 ? [name(label) + ' is ' + Math.round(gap) + ' px from its box'] : []
    }),
    // An ellipsis asked of a flex or grid box is never drawn: its text is cut mid-word.
    cutWithoutEllipsis: [...root.querySelectorAll('*')].filter(visible).filter((el) => {
      const style = getComputedStyle(el)
      return style.textOverflow === 'ellipsis' && /flex|grid/.test(style.display) &&
        el.scrollWidth > el.clientWidth + 1
    }).map(name),
  }
})()`

/** Measures the page's main area, or another part of the page (an open dialog). */
async function expectUsable(page: Page, screen: string, root = 'main') {
  const layout = (await page.evaluate(measureLayout(root))) as Layout
  expect(layout, screen).toEqual({
    narrowControls: [],
    clippedText: [],
    clippedPlaceholders: [],
    outOfReach: [],
    tablesPastTheirBox: [],
    cardsOverflowing: [],
    brokenWords: [],
    looseChoices: [],
    cutWithoutEllipsis: [],
  })
}

const screens: { name: string; open: (page: Page) => Promise<void> }[] = [
  { name: 'board', open: (page) => go(page, '/board', '.deal-card') },
  {
    name: 'deal',
    open: async (page) => {
      await go(page, '/board', '.deal-card')
      await page.locator('.deal-card').first().click()
      await page.locator('.detail-value').first().waitFor()
    },
  },
  { name: 'people', open: (page) => go(page, '/people', '.people-table tbody tr') },
  { name: 'deals', open: (page) => go(page, '/deals', '.deals-table tbody tr') },
  { name: 'my-work', open: (page) => go(page, '/my-work', '.activity-item') },
  { name: 'forecast', open: (page) => go(page, '/forecast', '.forecast-month') },
  { name: 'companies', open: (page) => go(page, '/companies', '.companies-table tbody tr') },
  {
    name: 'company',
    open: async (page) => {
      await go(page, '/companies', '.companies-table tbody tr')
      await page.locator('.companies-table tbody a').first().click()
      await page.locator('.work-card').waitFor()
      await page.locator('.linked-list li').first().waitFor()
    },
  },
  {
    name: 'person',
    open: async (page) => {
      await go(page, '/people', '.people-table tbody tr')
      await page.locator('.person-name').first().click()
      await page.locator('.detail-card').first().waitFor()
    },
  },
  ...[
    'pipelines',
    'lost-reasons',
    'activities',
    'users',
    'currencies',
    'workspace',
    'tokens',
    'inbound',
    'outbound',
    'tunnel',
    'sync',
    'import-export',
    'backups',
    'audit',
    'language',
    'team-server',
  ].map((section) => ({
    name: `settings-${section}`,
    open: (page: Page) => go(page, `/settings/${section}`, '.settings-content h2'),
  })),
  {
    // A subscription's settings, secret, set-aside deliveries and delivery log.
    name: 'settings-outbound-subscription',
    open: (page) => go(page, `/settings/outbound/${subscriptionId}`, '.attempts-table tbody tr'),
  },
  {
    // An inbound webhook's settings, URL, "Try it" and request log.
    name: 'settings-inbound-webhook',
    open: (page) => go(page, `/settings/inbound/${inboundId}`, '.delivery'),
  },
  {
    // A CSV's columns, each with its first values and the field it fills.
    name: 'settings-import-mapping',
    open: async (page) => {
      await go(page, '/settings/import-export', '.settings-content h2')
      await page
        .locator('input[type=file]')
        .first()
        .setInputFiles({
          name: 'contatos.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(
            'Nome;E-mail;Telefone;Empresa;Origem;Etiquetas;Plano\n' +
              'Ana Souza;ana@x.com.br;11 91234-5678;Acme;site;vip,newsletter;anual\n',
          ),
        })
      await page.locator('.mapping-preview tbody tr').first().waitFor()
    },
  },
  {
    // A new webhook's form, a draft until saved: name, limits, mapping, matching, and the owners
    // who take turns (loaded after the form).
    name: 'settings-inbound-new',
    open: (page) => go(page, '/settings/inbound/new', 'input[name=ownerIds]'),
  },
]

const screen = (name: string) => screens.find((each) => each.name === name)!

// The dialogs, each opened as a user would (their keys: the buttons' names change with the
// language).
const dialogs: { name: string; open: (page: Page) => Promise<void> }[] = [
  { name: 'new deal', open: (page) => press(page, 'board', 'n') },
  { name: 'edit deal', open: (page) => press(page, 'deal', 'e') },
  { name: 'new person', open: (page) => press(page, 'people', 'n') },
  { name: 'edit person', open: (page) => press(page, 'person', 'e') },
  {
    name: 'new company',
    open: async (page) => {
      await screen('companies').open(page)
      await page.locator('.page-header .button-primary').click()
    },
  },
  { name: 'search and run', open: (page) => press(page, 'board', 'Control+k') },
  {
    // Asks why, and keeps the deal where it was until answered.
    name: 'lost reason',
    open: async (page) => {
      await screen('deal').open(page)
      await page.locator('.button-lost').click()
    },
  },
]

async function press(page: Page, on: string, key: string) {
  await screen(on).open(page)
  await page.keyboard.press(key)
}

async function go(page: Page, path: string, ready: string) {
  await page.goto(new URL(path, session.server.url).href)
  await page.locator(ready).first().waitFor()
}

// Portuguese words run longer than English ones: each screen is measured in both languages.
describe.each(['en', 'pt-BR'])('in %s', (language) => {
  beforeAll(async () => {
    await session.page.evaluate(`localStorage.setItem('outpost.language', '${language}')`)
    await session.page.reload()
  })

  describe.each([
    { width: 1024, height: 768 },
    { width: 1280, height: 800 },
    { width: 1440, height: 900 },
  ])('every main screen at $width x $height', ({ width, height }) => {
    beforeAll(() => session.page.setViewportSize({ width, height }))

    it.each(screens)(
      '$name: no collapsed input, no clipped name, the header in reach',
      async (screen) => {
        const { page } = session
        await screen.open(page)
        await expectUsable(page, `${screen.name} at ${width} in ${language}`)
        await screenshot(page, `${screen.name}-${width}-${language}`)
      },
    )

    it('the sidebar: the same', async () => {
      const { page } = session
      await screen('board').open(page)
      await expectUsable(page, `sidebar at ${width} in ${language}`, '.sidebar')
    })

    it.each(dialogs)('the $name dialog: the same', async (dialog) => {
      const { page } = session
      await dialog.open(page)
      await page.locator('dialog[open]').waitFor()
      await expectUsable(page, `${dialog.name} at ${width} in ${language}`, 'dialog[open]')
      await screenshot(page, `${dialog.name.replaceAll(' ', '-')}-${width}-${language}`)
      await page.keyboard.press('Escape')
      await page.locator('dialog[open]').waitFor({ state: 'detached' })
    })
  })
})

// Runs in the page: each element of the main area that has a class (or is a button), by its place
// in the tree, with the computed styles a page's stylesheet decides.
const styleSignature = `(() => {
  const props = ['display', 'flexWrap', 'flexDirection', 'fontWeight', 'fontSize', 'color',
    'borderTopWidth', 'borderTopStyle', 'paddingTop', 'paddingLeft', 'marginTop', 'marginBottom',
    'backgroundColor', 'textTransform', 'gap', 'gridTemplateColumns', 'whiteSpace']
  const out = {}
  const walk = (el, path) => {
    if (el.classList.length || el.tagName === 'BUTTON') {
      const style = getComputedStyle(el)
      out[path + el.tagName.toLowerCase() + '.' + [...el.classList].join('.')] =
        props.map((prop) => prop + ': ' + style[prop]).join('; ')
    }
    ;[...el.children].forEach((child, index) => walk(child, path + index + '/'))
  }
  walk(document.querySelector('main'), '')
  return out
})()`

/** The elements whose styles differ between two signatures, each with both. */
function styleDifferences(seen: Record<string, string>, expected: Record<string, string>) {
  return Object.keys(expected)
    .filter((path) => path in seen && seen[path] !== expected[path])
    .map((path) => `${path}\n  now:      ${seen[path]}\n  directly: ${expected[path]}`)
}

const stylesOf = async (page: Page) =>
  (await page.evaluate(styleSignature)) as Record<string, string>

/** The page's styles once what it fetches has arrived: two readings a moment apart agree. */
async function settledStyles(page: Page) {
  let last = await stylesOf(page)
  for (;;) {
    await page.waitForTimeout(300)
    const now = await stylesOf(page)
    if (JSON.stringify(now) === JSON.stringify(last)) return now
    last = now
  }
}

/** Goes to `url` inside the app, as its links do: the stylesheets loaded so far stay. */
async function navigateInApp(page: Page, url: string) {
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(url)}); dispatchEvent(new PopStateEvent('popstate'))`,
  )
}

describe('at 1280 x 800, a common laptop window', () => {
  beforeAll(() => session.page.setViewportSize({ width: 1280, height: 800 }))

  // Each page loads only its own stylesheet: a part styled in another page's was bare when its
  // page was opened directly (People's sort buttons, Companies' pages, the lists' header buttons
  // wrapped under each other) and looked otherwise once that page had been seen.
  it('each screen opened directly looks as it does reached after every other screen', async () => {
    const { page } = session
    const direct = new Map<string, Record<string, string>>()
    for (const screen of screens) {
      await screen.open(page)
      direct.set(page.url(), await settledStyles(page))
    }
    for (const url of direct.keys()) await navigateInApp(page, url)
    for (const [url, styles] of direct) {
      await navigateInApp(page, url)
      await expect
        .poll(async () => styleDifferences(await stylesOf(page), styles), {
          timeout: 10_000,
          message: url,
        })
        .toEqual([])
    }
  })

  it.each(['en', 'pt-BR'])(
    "in %s, a pipeline's stages keep each row's controls on one line, the delete button too",
    async (language) => {
      const { page } = session
      await page.evaluate(`localStorage.setItem('outpost.language', '${language}')`)
      await page.goto(new URL('/settings/pipelines', session.server.url).href)
      await page.locator('.stage-row').first().waitFor()
      // The tops of each row's controls (its hidden labels aside), which one line shares.
      const tops = (await page.evaluate(
        `[...document.querySelectorAll('.stage-row')].map((row) => [...row.children]
          .filter((child) => getComputedStyle(child).position !== 'absolute')
          .map((child) => child.getBoundingClientRect().top))`,
      )) as number[][]
      expect(tops.length).toBeGreaterThan(3)
      for (const row of tops) expect(Math.max(...row) - Math.min(...row)).toBeLessThan(10)
    },
  )
})
