// The benchmark's data: one workspace of people, deals, tags, custom fields and their events, built
// deterministically (the same size always gives the same file) and cached between runs, since a
// million people take minutes to write. Each run works on a copy, so writes never leak into the next.
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { openDataDir } from '../../src/server/workspace-store'
import { migrationProvider } from '../../src/server/db/migrations'
import { orderKey } from '../../src/server/db/text-fold'
import { flushSearchIndexes } from '../../src/server/db/search-index-flush'

/** Where built datasets are kept: outside git, reused until the schema changes. */
const cacheDir = join(import.meta.dirname, '..', '.cache')

export interface Dataset {
  people: number
  deals: number
  /** The cached file; copy it before writing. */
  file: string
  tenantId: string
}

/** A seeded pseudo-random source (mulberry32): the same seed, the same data. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A UUID-shaped id made of the kind and the number: deterministic, and unique per kind (people: 7). */
export const idOf = (kind: number, n: number) => {
  const hex = n.toString(16).padStart(12, '0')
  return `00000000-0000-4000-8${kind.toString(16).padStart(3, '0')}-${hex}`
}

const firstNames =
  'Ana Bruno Carla Diego Eduarda Felipe Gabriela Heitor Isabela João Larissa Mateus'
const lastNames =
  'Silva Souza Oliveira Santos Pereira Lima Costa Gomes Ribeiro Martins Carvalho Almeida'
const firsts = firstNames.split(' ')
const lasts = lastNames.split(' ')
const stagesOfLife = ['lead', 'marketing_qualified', 'sales_qualified', 'opportunity', 'customer']
const tagPool = ['vip', 'newsletter', 'event-2026', 'partner', 'churn-risk', 'referral']
const sources = ['website', 'event', 'referral', 'ads']

/** The file of a dataset with `people` people (and one deal per 20), built when not cached. */
export async function ensureDataset(people: number): Promise<Dataset> {
  const deals = Math.floor(people / 20)
  // A new migration makes a new file: the cached one would have the old schema.
  const schema = Object.keys(await migrationProvider.getMigrations())
    .sort()
    .at(-1)
  const file = join(cacheDir, `people-${people}-${schema}.sqlite`)
  const tenantId = idOf(1, 1)
  if (existsSync(file)) return { people, deals, file, tenantId }
  mkdirSync(cacheDir, { recursive: true })
  const building = join(cacheDir, `building-${people}`)
  rmSync(building, { recursive: true, force: true })
  console.log(`Building the ${people.toLocaleString('en')}-people dataset (cached afterwards)...`)
  // The schema comes from the app's own migrations, run as the server would on a new data folder.
  await (await openDataDir(building)).destroy()
  const db = new BetterSqlite3(join(building, 'outpost.sqlite'))
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  fill(db, tenantId, people, deals)
  flushSearchIndexes(db)
  // The search indexes as a running server keeps them: merged (people/search-index-merge.ts).
  for (const index of ['people_search', 'people_prefix']) {
    db.exec(`insert into ${index} (${index}) values ('optimize')`)
  }
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.exec('vacuum')
  db.close()
  renameSync(join(building, 'outpost.sqlite'), file)
  rmSync(building, { recursive: true, force: true })
  return { people, deals, file, tenantId }
}

function fill(db: BetterSqlite3.Database, tenantId: string, people: number, deals: number) {
  const next = random(42)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const start = Date.parse('2021-01-01T00:00:00Z')
  // One record a minute or so: a million people span about two years.
  const at = (n: number) => new Date(start + n * 61_000).toISOString()
  const users = [1, 2, 3, 4].map((n) => idOf(2, n))
  const companies = Array.from({ length: 200 }, (_, n) => idOf(3, n + 1))
  const pipelineId = idOf(4, 1)
  const stages = ['Lead', 'Qualified', 'Proposal', 'Won', 'Lost'].map((name, n) => ({
    id: idOf(5, n + 1),
    name,
    type: name === 'Won' ? 'won' : name === 'Lost' ? 'lost' : 'open',
  }))
  const lostReasonId = idOf(6, 1)
  const row = (sqlText: string) => db.prepare(sqlText)
  const insertEvent = row(
    `insert into events (id, tenant_id, type, resource_type, resource_id, payload, created_at)
     values (?, ?, ?, ?, ?, ?, ?)`,
  )
  const event = (
    n: number,
    type: string,
    kind: string,
    object: { id: string } & Record<string, unknown>,
    when: string,
  ) => {
    const id = idOf(9, n)
    const payload = JSON.stringify({ id, type, createdAt: when, data: { object } })
    insertEvent.run(id, tenantId, type, kind, object.id, payload, when)
  }
  db.transaction(() => {
    const t0 = at(0)
    row(`insert into workspaces (id, name, rate_limit_per_minute, created_at, updated_at)
        values (?, 'Bench', 1000000000, ?, ?)`).run(tenantId, t0, t0)
    row(`insert into workspace_currencies values (?, 'BRL', ?)`).run(tenantId, t0)
    users.forEach((id, n) => {
      row(`insert into users (id, tenant_id, name, email, created_at, updated_at)
        values (?, ?, ?, ?, ?, ?)`).run(
        ...[id, tenantId, `User ${n + 1}`, `user${n + 1}@bench.test`, t0, t0],
      )
    })
    companies.forEach((id, n) => {
      row(`insert into companies (id, tenant_id, name, domain, created_at, updated_at)
        values (?, ?, ?, ?, ?, ?)`).run(
        ...[id, tenantId, `Company ${n + 1}`, `company${n + 1}.test`, t0, t0],
      )
    })
    row(`insert into pipelines (id, tenant_id, name, position, created_at,
      updated_at) values (?, ?, 'Sales', 0, ?, ?)`).run(pipelineId, tenantId, t0, t0)
    stages.forEach((stage, n) => {
      row(`insert into stages (id, tenant_id, pipeline_id, name, type, position, created_at,
        updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)`).run(
        ...[stage.id, tenantId, pipelineId, stage.name, stage.type, n, t0, t0],
      )
    })
    row(`insert into lost_reasons (id, tenant_id, name, created_at, updated_at)
      values (?, ?, 'Price', ?, ?)`).run(lostReasonId, tenantId, t0, t0)

    const insertPerson = row(`insert into people (id, tenant_id, full_name, primary_email,
      primary_phone, company_id, owner_id, lifecycle_stage, lead_source, custom_fields, name_key,
      created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    const insertPersonTag = row(
      `insert into person_tags (tenant_id, person_id, tag, position) values (?, ?, ?, ?)`,
    )
    let eventNumber = 0
    for (let n = 1; n <= people; n++) {
      const id = idOf(7, n)
      const when = at(n)
      const fullName = `${pick(firsts)} ${pick(lasts)} ${n}`
      const customFields = JSON.stringify({
        source: pick(sources),
        score: Math.floor(next() * 100),
      })
      const person = {
        id,
        tenantId,
        fullName,
        primaryEmail: `person${n}@bench.test`,
        primaryPhone: next() < 0.5 ? `+5511${String(900000000 + n).slice(-9)}` : null,
        companyId: next() < 0.3 ? pick(companies) : null,
        ownerId: next() < 0.7 ? pick(users) : null,
        lifecycleStage: pick(stagesOfLife),
        leadSource: pick(sources),
      }
      insertPerson.run(...Object.values(person), customFields, orderKey(fullName), when, when)
      const tags = [...new Set(tagPool.filter(() => next() < 0.15))]
      tags.forEach((tag, position) => insertPersonTag.run(tenantId, id, tag, position))
      const object = { ...person, tags, customFields: JSON.parse(customFields), createdAt: when }
      event(++eventNumber, 'person.created', 'person', { ...object, updatedAt: when }, when)
    }
    const insertDeal = row(
      `insert into deals (id, tenant_id, title, value, currency, pipeline_id, stage_id, owner_id,
        expected_close_date, primary_person_id, primary_company_id, lost_reason_id, closed_at,
        custom_fields, title_key, created_at, updated_at)
       values (?, ?, ?, ?, 'BRL', ?, ?, ?, null, ?, null, ?, ?, '{}', ?, ?, ?)`,
    )
    for (let n = 1; n <= deals; n++) {
      const id = idOf(8, n)
      const when = at(n * 20)
      const stage = pick(stages)
      const closed = stage.type === 'open' ? null : when
      const deal = {
        id,
        title: `Deal ${n}`,
        value: Math.floor(next() * 100_000) / 100,
        stageId: stage.id,
        ownerId: pick(users),
        primaryPersonId: idOf(7, n * 20),
      }
      const lost = stage.type === 'lost' ? lostReasonId : null
      insertDeal.run(
        ...[id, tenantId, deal.title, deal.value, pipelineId, stage.id, deal.ownerId],
        ...[deal.primaryPersonId, lost, closed, orderKey(deal.title), when, when],
      )
      event(++eventNumber, 'deal.created', 'deal', { ...deal, tenantId, createdAt: when }, when)
    }
  })()
}

/** A fresh copy of the dataset in `dataDir`, for one run to read and write. */
export function copyDataset(dataset: Dataset, dataDir: string): void {
  mkdirSync(dataDir, { recursive: true })
  copyFileSync(dataset.file, join(dataDir, 'outpost.sqlite'))
}
