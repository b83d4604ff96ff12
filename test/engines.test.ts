// The repositories that speak each engine's own SQL (people's search, custom fields, the events'
// sequence, the board's JSON), asked the same questions on SQLite and on PostgreSQL: the answers
// must be the same. PostgreSQL's half runs with OUTPOST_TEST_DATABASE=postgres
// (npm run test:postgres); docs/team-server.md, "Engines".
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engineOf, migrateToLatest, openDatabase, type Db } from '../src/server/db/connection'
import { selectCustomFieldKeys } from '../src/server/db/tenant-page'
import { countMatchingDeals, listMatchingDeals } from '../src/server/deals/search-repository'
import { listBoardCards } from '../src/server/deals/board-repository'
import { findHighestSeq, findLatestSeq, insertEvents } from '../src/server/events/repository'
import {
  findOldestPersonMatching,
  insertPerson,
  updatePerson,
} from '../src/server/people/repository'
import { insertDeal, updateDeal } from '../src/server/deals/repository'
import { countMatchingPeople, listMatchingPeople } from '../src/server/people/search-repository'
import type { PeopleFilters } from '../src/server/people/search-schema'
import type { DealFilters } from '../src/server/deals/search-schema'
import { freshTestDatabase, onPostgres } from './support/postgres'

const at = '2026-11-25T10:00:00.000Z'
const tenantId = 'w1'

async function seed(db: Db): Promise<void> {
  await db
    .insertInto('workspaces')
    .values({ id: tenantId, name: 'W', rateLimitPerMinute: 300, createdAt: at, updatedAt: at })
    .execute()
  const people = [
    ['p1', 'José Álvarez', 'jose@example.com', { plan: 'Pro', seats: 12, vip: true }],
    ['p2', 'Ana Lima', 'ana.lima@firm.io', {}],
    ['p3', "O'Brien Pat", 'pat@obrien.ie', { plan: 'Free' }],
    ['p4', 'zed', null, {}],
  ] as const
  for (const [id, fullName, primaryEmail, customFields] of people) {
    await insertPerson(db, {
      id,
      tenantId,
      fullName,
      primaryEmail,
      primaryPhone: null,
      companyId: null,
      ownerId: null,
      lifecycleStage: null,
      leadSource: null,
      customFields: JSON.stringify(customFields),
      createdAt: `2026-11-25T10:00:0${id.slice(1)}.000Z`,
      updatedAt: at,
    })
  }
  await db
    .insertInto('pipelines')
    .values({ id: 'pl', tenantId, name: 'Sales', position: 0, createdAt: at, updatedAt: at })
    .execute()
  await db
    .insertInto('stages')
    .values({
      id: 'st',
      tenantId,
      pipelineId: 'pl',
      name: 'New',
      type: 'open',
      position: 0,
      createdAt: at,
      updatedAt: at,
    })
    .execute()
  await db
    .insertInto('deals')
    .values({
      id: 'd1',
      tenantId,
      title: 'Big one',
      value: 1234.5,
      currency: 'EUR',
      pipelineId: 'pl',
      stageId: 'st',
      ownerId: null,
      expectedCloseDate: null,
      primaryPersonId: 'p1',
      primaryCompanyId: null,
      lostReasonId: null,
      closedAt: null,
      customFields: JSON.stringify({ vip: true, tier: 'Gold' }),
      createdAt: at,
      updatedAt: at,
    })
    .execute()
  await db
    .insertInto('activities')
    .values({
      id: 'a1',
      tenantId,
      type: 'call',
      subject: 'Call José',
      dueDate: '2026-11-26',
      dueAt: '2026-11-26T09:00:00.000Z',
      dealId: 'd1',
      createdAt: at,
      updatedAt: at,
    } as never)
    .execute()
}

const blankPerson = (id: string, tenant: string) => ({
  id,
  tenantId: tenant,
  fullName: '',
  primaryEmail: null,
  primaryPhone: null,
  companyId: null,
  ownerId: null,
  lifecycleStage: null,
  leadSource: null,
  customFields: '{}',
  createdAt: at,
  updatedAt: at,
})
const blankDeal = (id: string, tenant: string) => ({
  id,
  tenantId: tenant,
  title: '',
  value: 1,
  currency: 'EUR',
  pipelineId: 'pl',
  stageId: 'st',
  ownerId: null,
  expectedCloseDate: null,
  primaryPersonId: null,
  primaryCompanyId: null,
  lostReasonId: null,
  closedAt: null,
  customFields: '{}',
  createdAt: at,
  updatedAt: at,
})

const people = (filters: Partial<PeopleFilters>): PeopleFilters => ({
  sort: '-createdAt',
  ...filters,
})
const deals = (filters: Partial<DealFilters>) => ({ sort: '-createdAt', ...filters }) as DealFilters

const engines = onPostgres() ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)

describe.each(engines)('the engine-specific repositories on %s', (engine) => {
  let db: Db
  let drop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    if (engine === 'postgres') {
      const database = await freshTestDatabase()
      drop = database.drop
      db = openDatabase(database.url)
    } else {
      db = openDatabase(':memory:')
    }
    await migrateToLatest(db)
    await seed(db)
  })
  afterAll(async () => {
    await db?.destroy()
    await drop?.()
  })

  it('open the engine asked for', () => {
    expect(engineOf(db)).toBe(engine)
  })

  it('search names and e-mails as typed, ignoring case and accents', async () => {
    const count = async (q: string) =>
      (await countMatchingPeople(db, tenantId, people({ q }))).total
    expect(await count('jose')).toBe(1)
    expect(await count('ÁLV')).toBe(1)
    expect(await count('lima@')).toBe(1)
    expect(await count('nobody')).toBe(0)
    // One or two letters: a word of the name or e-mail starts with them.
    expect(await count('a')).toBe(2)
    expect(await count('br')).toBe(1)
    expect(await count('pa')).toBe(1)
    // Percent and underscore are taken literally.
    expect(await count('%')).toBe(0)
  })

  it('sort names without regard to case', async () => {
    const rows = await listMatchingPeople(db, tenantId, people({ sort: 'fullName' }), {
      limit: 10,
      offset: 0,
      matches: { total: 4, capped: false },
    })
    expect(rows.map((row) => row.fullName)).toEqual([
      'Ana Lima',
      'José Álvarez',
      "O'Brien Pat",
      'zed',
    ])
  })

  it('sort names and titles with accents among the letters they carry, alike on both engines', async () => {
    const other = 'w-accents'
    await db
      .insertInto('workspaces')
      .values({ id: other, name: 'A', rateLimitPerMinute: 300, createdAt: at, updatedAt: at })
      .execute()
    const names = ['Zoe Ramos', 'Érica Souza', 'bruno Dias', 'Álvaro Lima', 'Ícaro Melo', 'ALICE']
    for (const [n, fullName] of names.entries()) {
      const id = `accent-p${n}`
      await insertPerson(db, { ...blankPerson(id, other), fullName })
      // A rename keeps the order's key in step with the name.
      if (fullName === 'Zoe Ramos') await updatePerson(db, id, { fullName: 'Úrsula Ramos' })
      await insertDeal(db, { ...blankDeal(`accent-d${n}`, other), title: fullName })
    }
    await updateDeal(db, 'accent-d0', { title: 'Úrsula Ramos' })
    const sorted = async (sort: PeopleFilters['sort']) =>
      (
        await listMatchingPeople(db, other, people({ sort }), {
          limit: 10,
          offset: 0,
          matches: { total: names.length, capped: false },
        })
      ).map((row) => row.fullName)
    const order = [
      'ALICE',
      'Álvaro Lima',
      'bruno Dias',
      'Érica Souza',
      'Ícaro Melo',
      'Úrsula Ramos',
    ]
    expect(await sorted('fullName')).toEqual(order)
    expect(await sorted('-fullName')).toEqual([...order].reverse())
    const titles = await listMatchingDeals(db, other, deals({ sort: 'title' }), 10, 0)
    expect(titles.map((row) => row.title)).toEqual(order)
  })

  it('read custom fields: keys in use, a person by a field, deals by a field', async () => {
    expect(await selectCustomFieldKeys(db, 'people', tenantId)).toEqual(['plan', 'seats', 'vip'])
    const find = async (field: `customFields.${string}`, value: string) =>
      (await findOldestPersonMatching(db, tenantId, [{ field, value }]))?.id
    expect(await find('customFields.plan', 'Pro')).toBe('p1')
    expect(await find('customFields.seats', '12')).toBe('p1')
    expect(await find('customFields.plan', 'Gold')).toBeUndefined()
    const dealsWith = async (key: string, value: string) =>
      countMatchingDeals(db, tenantId, deals({ customField: { key, value } }))
    expect(await dealsWith('vip', 'TRUE')).toBe(1)
    expect(await dealsWith('tier', 'gold')).toBe(1)
    expect(await dealsWith('tier', 'silver')).toBe(0)
  })

  it('give the board its cards with the next activity as JSON text, and money as a number', async () => {
    const [card] = await listBoardCards(db, tenantId, 'pl', at)
    expect(card!.value).toBe(1234.5)
    expect(JSON.parse(card!.nextActivity!)).toEqual({
      id: 'a1',
      subject: 'Call José',
      dueDate: '2026-11-26',
      dueTime: null,
      dueAt: '2026-11-26T09:00:00.000Z',
    })
  })

  it('number events in commit order, and know the highest number given', async () => {
    expect(await findHighestSeq(db)).toBe(0)
    const event = (id: string) => ({
      id,
      tenantId,
      type: 'person.updated',
      resourceType: 'person',
      resourceId: 'p1',
      payload: '{}',
      createdAt: at,
    })
    await insertEvents(db, [event('e1'), event('e2')])
    expect(await findLatestSeq(db)).toBe(2)
    expect(await findHighestSeq(db)).toBe(2)
    await db.deleteFrom('events').execute()
    expect(await findLatestSeq(db)).toBe(0)
    expect(await findHighestSeq(db)).toBe(2)
  })
})
