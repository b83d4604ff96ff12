// The v1 lists' filters and sort (Outpost extensions, docs/api-extensions.md): optional query
// parameters that narrow or reorder GET /api/v1/people and /deals and change nothing when absent.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { createDeal, createPerson, createPipeline, salesPipeline } from '../support/fixtures'
import type { PipelineInfo } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

const clock = createTestClock()
let server: TestServer
let ownerId: string
let sales: PipelineInfo
let other: PipelineInfo
const people: Record<string, any> = {}
const deals: Record<string, any> = {}
let midpoint: string

beforeAll(async () => {
  server = await startTestServer({ clock })
  ownerId = (await server.admin.post('/api/app/v1/users', { name: 'Bia Lima' })).body.id
  sales = await salesPipeline(server.admin)
  other = await createPipeline(server.admin, 'Partners')
  const fields: [string, Record<string, unknown>][] = [
    ['jose', { fullName: 'José Souza', primaryEmail: 'jose@acme.com.br' }],
    [
      'maria',
      { fullName: 'maria Oliveira', primaryEmail: 'maria@globex.com', ownerId, tags: ['VIP'] },
    ],
    ['joana', { fullName: 'Joana Souza', primaryEmail: 'jo@initech.io', ownerId }],
    ['pedro', { fullName: 'Pedro Alves', tags: ['vip', 'newsletter'] }],
  ]
  for (const [key, values] of fields) {
    clock.advance(1000)
    people[key] = await createPerson(server.api, values)
  }
  const dealFields: [string, PipelineInfo, Record<string, unknown>][] = [
    ['plan', sales, { title: 'Annual plan', ownerId, tags: ['Renewal'] }],
    ['setup', sales, { title: 'setup fee', stageId: sales.won.id }],
    ['partner', other, { title: 'Partner deal', ownerId }],
  ]
  for (const [key, pipeline, values] of dealFields) {
    clock.advance(1000)
    deals[key] = await createDeal(server.api, pipeline, values)
  }
  // Later edits: José and the setup deal are the most recently updated.
  clock.advance(60_000)
  midpoint = clock.now().toISOString()
  clock.advance(1000)
  people.jose = (
    await server.api.patch(`/api/v1/people/${people.jose.id}`, { leadSource: 'Fair' })
  ).body
  clock.advance(1000)
  deals.setup = (await server.api.patch(`/api/v1/deals/${deals.setup.id}`, { value: 2500 })).body
})
afterAll(() => server.close())

const list = async (path: string) => {
  const { status, body, headers } = await server.api.get(path)
  expect(status, JSON.stringify(body)).toBe(200)
  return {
    ...body,
    ids: body.data.map((item: { id: string }) => item.id),
    link: headers.get('link'),
  }
}
const idsOf = (records: Record<string, any>, keys: string[]) => keys.map((key) => records[key].id)

describe('GET /api/v1/people with filters and sort', () => {
  it('email finds the one person, compared without case; total is 1', async () => {
    const page = await list('/api/v1/people?email=%20Maria@GLOBEX.com')
    expect(page.ids).toEqual(idsOf(people, ['maria']))
    expect(page.total).toBe(1)
    expect((await list('/api/v1/people?email=nobody@x.com')).total).toBe(0)
  })

  it('q searches name and e-mail as the web app does, accents ignored', async () => {
    expect((await list('/api/v1/people?q=souza')).ids).toEqual(idsOf(people, ['joana', 'jose']))
    expect((await list('/api/v1/people?q=jose')).ids).toEqual(idsOf(people, ['jose']))
    expect((await list('/api/v1/people?q=p')).ids).toEqual(idsOf(people, ['pedro']))
  })

  it('tag, ownerId and updatedSince narrow the list, and together all must match', async () => {
    expect((await list('/api/v1/people?tag=vip')).ids).toEqual(idsOf(people, ['pedro', 'maria']))
    expect((await list(`/api/v1/people?ownerId=${ownerId}`)).ids).toEqual(
      idsOf(people, ['joana', 'maria']),
    )
    expect((await list(`/api/v1/people?ownerId=${ownerId}&tag=VIP`)).ids).toEqual(
      idsOf(people, ['maria']),
    )
    const since = await list(`/api/v1/people?updatedSince=${encodeURIComponent(midpoint)}`)
    expect(since.ids).toEqual(idsOf(people, ['jose']))
    expect(since.total).toBe(1)
    // An offset is read in UTC: the same instant written in Brasília time.
    const local = new Date(new Date(midpoint).getTime() - 3 * 3600_000).toISOString().slice(0, 19)
    expect(
      (await list(`/api/v1/people?updatedSince=${encodeURIComponent(`${local}-03:00`)}`)).ids,
    ).toEqual(idsOf(people, ['jose']))
  })

  it('sorts by creation, update and name, each way; -createdAt is the plain order', async () => {
    const plain = await list('/api/v1/people')
    expect((await list('/api/v1/people?sort=-createdAt')).data).toEqual(plain.data)
    expect((await list('/api/v1/people?sort=createdAt')).ids).toEqual([...plain.ids].reverse())
    expect((await list('/api/v1/people?sort=-updatedAt')).ids).toEqual(
      idsOf(people, ['jose', 'pedro', 'joana', 'maria']),
    )
    expect((await list('/api/v1/people?sort=updatedAt')).ids).toEqual(
      idsOf(people, ['maria', 'joana', 'pedro', 'jose']),
    )
    // Case ignored: "maria Oliveira" sorts between Joana and Pedro.
    expect((await list('/api/v1/people?sort=fullName')).ids).toEqual(
      idsOf(people, ['joana', 'jose', 'maria', 'pedro']),
    )
    expect((await list('/api/v1/people?sort=-fullName')).ids).toEqual(
      idsOf(people, ['pedro', 'maria', 'jose', 'joana']),
    )
  })

  it('pages a filtered, sorted list by number and by the Link cursor, which keeps the filter', async () => {
    const first = await list('/api/v1/people?tag=vip&sort=fullName&pageSize=1')
    expect(first).toMatchObject({ page: 1, pageSize: 1, total: 2, hasMore: true })
    expect(first.ids).toEqual(idsOf(people, ['maria']))
    const next = new URL(first.link.match(/<([^>]+)>; rel="next"/)[1])
    expect(next.searchParams.get('tag')).toBe('vip')
    expect(next.searchParams.get('sort')).toBe('fullName')
    const second = await list(`${next.pathname}${next.search}`)
    expect(second).toMatchObject({ page: 2, total: 2, hasMore: false, link: null })
    expect(second.ids).toEqual(idsOf(people, ['pedro']))
    const byNumber = await list('/api/v1/people?tag=vip&sort=fullName&pageSize=1&page=2')
    expect(byNumber.data).toEqual(second.data)
  })

  it('walks every person by cursor in each order, none skipped or repeated', async () => {
    for (const sort of ['createdAt', '-updatedAt', 'fullName']) {
      const seen: string[] = []
      let path: string | null = `/api/v1/people?sort=${sort}&pageSize=1`
      while (path) {
        const page = await list(path)
        seen.push(...page.ids)
        const link = page.link?.match(/<([^>]+)>/)?.[1]
        path = link ? new URL(link).pathname + new URL(link).search : null
      }
      expect(seen).toEqual((await list(`/api/v1/people?sort=${sort}`)).ids)
    }
  })

  it('a cursor given for one sort is a 400 naming after in another', async () => {
    const first = await list('/api/v1/people?sort=fullName&pageSize=1')
    const after = new URL(first.link.match(/<([^>]+)>/)[1]).searchParams.get('after')
    const { status, body } = await server.api.get(`/api/v1/people?after=${after}`)
    expect(status).toBe(400)
    expect(body.error).toMatchObject({ code: 'invalid_request', details: { field: 'after' } })
  })

  it('an invalid value is a 400 invalid_request naming the parameter', async () => {
    for (const [query, field] of [
      ['email=not-an-address', 'email'],
      ['ownerId=42', 'ownerId'],
      ['updatedSince=yesterday', 'updatedSince'],
      ['updatedSince=2026-11-22T10:00:00', 'updatedSince'],
      ['sort=title', 'sort'],
      ['sort=name', 'sort'],
      ['tag=', 'tag'],
      ['stageId=' + '00000000-0000-4000-8000-000000000000', 'stageId'],
    ]) {
      const { status, body } = await server.api.get(`/api/v1/people?${query}`)
      expect(status, query).toBe(400)
      expect(body.error, query).toMatchObject({ code: 'invalid_request', details: { field } })
    }
  })

  it('without any extension the list is the contract list, byte for byte', async () => {
    const plain = await server.api.get('/api/v1/people?pageSize=2')
    const again = await server.api.get('/api/v1/people?pageSize=2&sort=-createdAt')
    expect(again.text).toBe(plain.text)
    // The next link carries the sort it was asked in, with the same cursor.
    expect(again.headers.get('link')).toBe(
      plain.headers.get('link')!.replace('>', '&sort=-createdAt>'),
    )
    expect(plain.body).toMatchObject({ total: 4, page: 1, pageSize: 2, hasMore: true })
    expect(plain.headers.get('link')).toMatch(/\?pageSize=2&after=[\w-]+>; rel="next"$/)
  })
})

describe('GET /api/v1/deals with filters and sort', () => {
  it('filters by pipeline, stage, status, owner, tag, text and update time', async () => {
    expect((await list(`/api/v1/deals?pipelineId=${other.id}`)).ids).toEqual(
      idsOf(deals, ['partner']),
    )
    const inSales = await list(`/api/v1/deals?pipelineId=${sales.id}`)
    expect(inSales).toMatchObject({ total: 2, ids: idsOf(deals, ['setup', 'plan']) })
    expect((await list(`/api/v1/deals?stageId=${sales.won.id}`)).ids).toEqual(
      idsOf(deals, ['setup']),
    )
    expect((await list('/api/v1/deals?status=won')).ids).toEqual(idsOf(deals, ['setup']))
    expect((await list('/api/v1/deals?status=open')).total).toBe(2)
    expect((await list(`/api/v1/deals?ownerId=${ownerId}`)).ids).toEqual(
      idsOf(deals, ['partner', 'plan']),
    )
    expect((await list('/api/v1/deals?tag=renewal')).ids).toEqual(idsOf(deals, ['plan']))
    expect((await list('/api/v1/deals?q=PLAN')).ids).toEqual(idsOf(deals, ['plan']))
    expect((await list(`/api/v1/deals?updatedSince=${encodeURIComponent(midpoint)}`)).ids).toEqual(
      idsOf(deals, ['setup']),
    )
    expect((await list(`/api/v1/deals?ownerId=${ownerId}&pipelineId=${sales.id}`)).ids).toEqual(
      idsOf(deals, ['plan']),
    )
  })

  it('sorts by creation, update and title (case ignored)', async () => {
    const plain = await list('/api/v1/deals')
    expect((await list('/api/v1/deals?sort=createdAt')).ids).toEqual([...plain.ids].reverse())
    expect((await list('/api/v1/deals?sort=-updatedAt')).ids).toEqual(
      idsOf(deals, ['setup', 'partner', 'plan']),
    )
    expect((await list('/api/v1/deals?sort=updatedAt')).ids).toEqual(
      idsOf(deals, ['plan', 'partner', 'setup']),
    )
    expect((await list('/api/v1/deals?sort=title')).ids).toEqual(
      idsOf(deals, ['plan', 'partner', 'setup']),
    )
    expect((await list('/api/v1/deals?sort=-title&pageSize=2')).ids).toEqual(
      idsOf(deals, ['setup', 'partner']),
    )
  })

  it('counts the matches in total and pages them by cursor', async () => {
    const first = await list(`/api/v1/deals?pipelineId=${sales.id}&sort=title&pageSize=1`)
    expect(first).toMatchObject({ total: 2, hasMore: true, ids: idsOf(deals, ['plan']) })
    const next = new URL(first.link.match(/<([^>]+)>/)[1])
    const second = await list(next.pathname + next.search)
    expect(second).toMatchObject({
      total: 2,
      hasMore: false,
      page: 2,
      ids: idsOf(deals, ['setup']),
    })
  })

  it('an invalid value is a 400 invalid_request naming the parameter', async () => {
    for (const [query, field] of [
      ['pipelineId=sales', 'pipelineId'],
      ['stageId=1', 'stageId'],
      ['status=closed', 'status'],
      ['sort=fullName', 'sort'],
      ['sort=value', 'sort'],
      ['updatedSince=2026-13-01T00:00:00Z', 'updatedSince'],
      ['email=a@b.com', 'email'],
    ]) {
      const { status, body } = await server.api.get(`/api/v1/deals?${query}`)
      expect(status, query).toBe(400)
      expect(body.error, query).toMatchObject({ code: 'invalid_request', details: { field } })
    }
  })

  it('without any extension the list is the contract list, byte for byte', async () => {
    const plain = await server.api.get('/api/v1/deals?pageSize=2')
    const again = await server.api.get('/api/v1/deals?sort=-createdAt&pageSize=2')
    expect(again.text).toBe(plain.text)
    expect(plain.body).toMatchObject({ total: 3, hasMore: true })
    expect(plain.headers.get('link')).toMatch(/\?pageSize=2&after=[\w-]+>; rel="next"$/)
  })
})

describe('names and titles with accents', () => {
  let server: TestServer
  afterAll(() => server?.close())

  it('sort among the letters they carry, in every list that orders by name, and rename in step', async () => {
    server = await startTestServer({ clock: createTestClock() })
    const sales = await salesPipeline(server.admin)
    const names = ['Zoe Ramos', 'Érica Souza', 'bruno Dias', 'Álvaro Lima', 'Ícaro Melo']
    const ids: Record<string, string> = {}
    for (const name of names) {
      ids[name] = (await createPerson(server.api, { fullName: name })).id
      await createDeal(server.api, sales, { title: name })
      await server.admin.post('/api/app/v1/companies', { name })
    }
    // Renamed, Zoe's place follows the new name.
    await server.api.patch(`/api/v1/people/${ids['Zoe Ramos']}`, { fullName: 'Úrsula Ramos' })
    const order = ['Álvaro Lima', 'bruno Dias', 'Érica Souza', 'Ícaro Melo', 'Úrsula Ramos']
    const namesOf = async (path: string, field: string) =>
      ((await server.admin.get(path)).body.data as Record<string, string>[]).map(
        (row) => row[field],
      )
    expect(await namesOf('/api/v1/people?sort=fullName', 'fullName')).toEqual(order)
    expect(await namesOf('/api/v1/people?sort=-fullName', 'fullName')).toEqual([...order].reverse())
    // The UI's list of people (the management API) and the deals and companies lists alike.
    expect(await namesOf('/api/app/v1/people?sort=fullName', 'fullName')).toEqual(order)
    expect(await namesOf('/api/app/v1/people?sort=fullName&q=a', 'fullName')).toEqual([
      'Álvaro Lima',
    ])
    expect(await namesOf('/api/v1/deals?sort=title', 'title')).toEqual([
      'Álvaro Lima',
      'bruno Dias',
      'Érica Souza',
      'Ícaro Melo',
      'Zoe Ramos',
    ])
    expect(await namesOf('/api/app/v1/companies?sort=name', 'name')).toEqual([
      'Álvaro Lima',
      'bruno Dias',
      'Érica Souza',
      'Ícaro Melo',
      'Zoe Ramos',
    ])
    // A walk by cursor in name order passes each person once, in that order.
    const seen: string[] = []
    let path: string | null = '/api/v1/people?sort=fullName&pageSize=2'
    while (path) {
      const page: { body: any; headers: Headers } = await server.api.get(path)
      seen.push(...page.body.data.map((person: { fullName: string }) => person.fullName))
      const link: string | undefined = page.headers.get('link')?.match(/<([^>]+)>/)?.[1]
      path = link ? new URL(link).pathname + new URL(link).search : null
    }
    expect(seen).toEqual(order)
  })
})
