// The pipeline board at 5,000 deals in one pipeline: the board endpoint against the same query run
// raw in-process, then the UI in Chromium (needs `npm run build` and /usr/bin/chromium): how long
// until cards show, how many cards are in the page (virtualised columns), frame times while a
// column of thousands scrolls, and how soon a keyboard move shows.
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { chromium } from 'playwright-core'
import { createApiToken } from '../src/server/auth/service'
import { silentLogger } from '../src/server/logger'
import { listPipelines } from '../src/server/pipelines/service'
import { startServer } from '../src/server/server'
import { createUser } from '../src/server/users/service'
import { ensureDefaultWorkspace } from '../src/server/workspace-store'
import { measure, report, tempDataDir } from './support'

// The evaluated function runs in the page; Node's types do not know its window.
interface Frames {
  requestAnimationFrame(callback: (time: number) => void): number
}

const dealCount = Number(process.env.DEALS ?? 5_000)
const iterations = Number(process.env.ITERATIONS ?? 30)
const uiDir = resolve('out/renderer')
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const data = tempDataDir('board')
const server = await startServer({ dataDir: data.dir, port: 0, logger: silentLogger, uiDir })
const workspace = await ensureDefaultWorkspace(server.db, new Date())
const token = (
  await createApiToken(server.db, workspace.id, { name: 'bench', scope: 'admin' }, new Date())
).token
const owner = await createUser(server.db, workspace.id, { name: 'Bia Lima' }, new Date())
const sales = (await listPipelines(server.db, workspace.id, { page: 1, pageSize: 10 })).data[0]!
const stages = sales.stages

const raw = new BetterSqlite3(join(data.dir, 'outpost.sqlite'))
raw.pragma('journal_mode = WAL')
const insertPerson = raw.prepare(
  `insert into people (id, tenant_id, full_name, custom_fields, created_at, updated_at)
   values (?, ?, ?, '{}', ?, ?)`,
)
const insertDeal = raw.prepare(
  `insert into deals (id, tenant_id, title, value, currency, pipeline_id, stage_id, owner_id,
     primary_person_id, expected_close_date, lost_reason_id, closed_at, custom_fields, created_at,
     updated_at)
   values (?, ?, ?, ?, 'BRL', ?, ?, ?, ?, '2027-03-31', ?, ?, '{}', ?, ?)`,
)
const lostReason = (
  raw.prepare('select id from lost_reasons where tenant_id = ?').get(workspace.id) as { id: string }
).id
raw.transaction(() => {
  const start = Date.parse('2026-01-01T00:00:00Z')
  for (let i = 0; i < dealCount; i++) {
    const at = new Date(start + i * 60_000).toISOString()
    const personId = randomUUID()
    insertPerson.run(personId, workspace.id, `Person ${i}`, at, at)
    // Most deals wait in the first stage: the column that must scroll smoothly.
    const stage =
      i % 10 < 6
        ? stages[0]!
        : stages[1 + (((i % stages.length) - 1 + stages.length) % (stages.length - 1))]!
    const lost = stage.type === 'lost'
    insertDeal.run(
      randomUUID(),
      workspace.id,
      `Deal ${i}`,
      1000 + (i % 97) * 10,
      sales.id,
      stage.id,
      owner.id,
      personId,
      lost ? lostReason : null,
      stage.type === 'open' ? null : at,
      at,
      at,
    )
  }
})()
raw.exec('analyze')

const rawBoard = raw.prepare(
  `select d.id, d.title, d.value, d.currency, d.stage_id, d.owner_id, u.name as owner_name,
     d.primary_person_id, p.full_name as person_name, d.primary_company_id, c.name as company_name,
     d.expected_close_date, d.lost_reason_id, d.closed_at, d.updated_at
   from deals d
   left join people p on p.id = d.primary_person_id
   left join users u on u.id = d.owner_id
   left join companies c on c.id = d.primary_company_id
   where d.tenant_id = ? and d.pipeline_id = ?
   order by d.updated_at desc, d.id desc`,
)
const rawMs = await measure(iterations, () => rawBoard.all(workspace.id, sales.id))
const apiMs = await measure(iterations, async () => {
  const response = await fetch(`${server.url}/api/app/v1/pipelines/${sales.id}/board`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  if (response.status !== 200) throw new Error(`status ${response.status}`)
  await response.arrayBuffer()
})
const bytes = (
  await (
    await fetch(`${server.url}/api/app/v1/pipelines/${sales.id}/board`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).arrayBuffer()
).byteLength
console.log(
  `${dealCount.toLocaleString('en')} deals in one pipeline; the board is ${(bytes / 1e6).toFixed(2)} MB of JSON\n`,
)
report('raw better-sqlite3 (the cards query)', rawMs, rawMs)
report('GET /api/app/v1/pipelines/{id}/board', apiMs, rawMs)

if (!existsSync(join(uiDir, 'index.html')) || !existsSync(chromiumPath)) {
  console.log('\n(UI part skipped: build the renderer and install Chromium to measure it)')
} else {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
  await page.goto(server.loginUrl)
  await page.waitForURL(/\/board\//)
  const loads: number[] = []
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    await page.reload()
    await page.locator('.deal-card').first().waitFor()
    loads.push(performance.now() - started)
  }
  const cardsInPage = await page.locator('.deal-card').count()
  const firstColumn = page.locator('.column-scroll').first()
  const frames = await firstColumn.evaluate(async (element) => {
    const durations: number[] = []
    let last = performance.now()
    for (let step = 1; step <= 60; step++) {
      element.scrollTop = (element.scrollHeight * step) / 60
      await new Promise((resolve) =>
        (globalThis as unknown as Frames).requestAnimationFrame(resolve),
      )
      const now = performance.now()
      durations.push(now - last)
      last = now
    }
    return durations
  })
  const cardsAfterScroll = await page.locator('.deal-card').count()
  await firstColumn.evaluate((element) => (element.scrollTop = 0))
  const moves: number[] = []
  for (let i = 0; i < 5; i++) {
    const card = page.locator('.board-column').first().locator('.deal-card').first()
    const title = await card.locator('.deal-title').innerText()
    await card.focus()
    await page.keyboard.press('Space')
    await page.waitForTimeout(150)
    await page.keyboard.press('ArrowRight')
    await page.waitForTimeout(150)
    const started = performance.now()
    await page.keyboard.press('Space')
    await page
      .locator('.board-column')
      .nth(1)
      .locator('.deal-title', { hasText: new RegExp(`^${title}$`) })
      .waitFor()
    moves.push(performance.now() - started)
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  console.log('\nIn Chromium (1920x1080):')
  console.log(
    `  board shown after a reload, mean of 5           ${mean(loads).toFixed(0).padStart(6)} ms`,
  )
  console.log(
    `  cards in the page                                ${String(cardsInPage).padStart(6)} of ${dealCount.toLocaleString('en')} (${String(cardsAfterScroll)} after scrolling a column to its end)`,
  )
  console.log(
    `  frames while scrolling ${Math.round(dealCount * 0.6).toLocaleString('en')} cards, mean / worst  ${mean(frames).toFixed(1).padStart(6)} / ${Math.max(...frames).toFixed(1)} ms`,
  )
  console.log(
    `  keyboard move shown (optimistic), mean of 5      ${mean(moves).toFixed(0).padStart(6)} ms`,
  )
  await browser.close()
}

raw.close()
await server.close()
data.remove()
