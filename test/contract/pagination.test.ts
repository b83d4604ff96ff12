import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPerson as createPersonRecord } from '../../src/server/people/service'
import { createTestClock } from '../support/clock'
import { createPerson } from '../support/fixtures'
import { startTestServer, type Caller, type TestServer } from '../support/server'

const clock = createTestClock()
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ clock })
  // 60 people over 30 distinct milliseconds: every timestamp is shared by two people, so the
  // order depends on the tie-breaker.
  for (let i = 0; i < 60; i++) {
    if (i % 2 === 0) clock.advance(1)
    await createPerson(server.api, { fullName: `Person ${String(i).padStart(2, '0')}` })
  }
})
afterAll(() => server.close())

/** Every item of a list, walked by increasing page until hasMore is false (spec rule 4). */
async function walk(caller: Caller, path: string, pageSize: number) {
  const items: any[] = []
  for (let page = 1; ; page++) {
    const { status, body } = await caller.get(`${path}?page=${page}&pageSize=${pageSize}`)
    expect(status).toBe(200)
    items.push(...body.data)
    if (!body.hasMore) return { items, pages: page }
  }
}

describe('list pagination', () => {
  it('page defaults to 1 and pageSize to 25', async () => {
    const { body } = await server.api.get('/api/v1/people')
    expect(body).toMatchObject({ page: 1, pageSize: 25, total: 60, hasMore: true })
    expect(body.data).toHaveLength(25)
  })

  it('pageSize maximum is 100; 101 yields 400', async () => {
    expect((await server.api.get('/api/v1/people?pageSize=100')).body.data).toHaveLength(60)
    const { status, body } = await server.api.get('/api/v1/people?pageSize=101')
    expect(status).toBe(400)
    expect(body.error.details.field).toBe('pageSize')
  })

  it('page is not bounded: a page past the end is 200 with empty data and hasMore false', async () => {
    const { status, body } = await server.api.get('/api/v1/people?page=1000000&pageSize=100')
    expect(status).toBe(200)
    expect(body).toEqual({ data: [], page: 1000000, pageSize: 100, total: 60, hasMore: false })
    const huge = await server.api.get(`/api/v1/people?page=${Number.MAX_SAFE_INTEGER}&pageSize=100`)
    expect(huge.status).toBe(200)
    expect(huge.body).toMatchObject({ data: [], page: Number.MAX_SAFE_INTEGER, hasMore: false })
  })

  it('page and pageSize in the response echo the request values', async () => {
    const { body } = await server.api.get('/api/v1/deals?page=7&pageSize=3')
    expect(body).toMatchObject({ page: 7, pageSize: 3 })
  })

  it('page or pageSize that is not an integer >= 1 yields 400 naming it', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'page=',
      'pageSize=0',
      'pageSize=2.5',
      'pageSize=1e2',
      'page=1&page=2',
      `page=${Number.MAX_SAFE_INTEGER}0`,
    ]) {
      const { status, body } = await server.api.get(`/api/v1/people?${query}`)
      expect(status, query).toBe(400)
      expect(body.error.code, query).toBe('invalid_request')
      expect(['page', 'pageSize'], query).toContain(body.error.details.field)
    }
  })

  it('a parameter given twice is a 400 that says to give it once', async () => {
    const { status, body } = await server.api.get('/api/v1/deals?pageSize=5&pageSize=10')
    expect(status).toBe(400)
    expect(body.error).toMatchObject({
      message: 'pageSize must be given once',
      details: { field: 'pageSize' },
    })
    // Whatever the parameter's type: a choice and a text too.
    for (const [path, field] of [
      ['/api/v1/people?sort=-createdAt&sort=-createdAt', 'sort'],
      ['/api/v1/deals?status=open&status=won', 'status'],
      ['/api/v1/people?q=ana&q=bia', 'q'],
    ]) {
      const repeated = await server.api.get(path!)
      expect(repeated.status, path).toBe(400)
      expect(repeated.body.error, path).toMatchObject({
        message: `${field} must be given once`,
        details: { field },
      })
    }
  })

  it('a page or page size under 1 says so, sign and all', async () => {
    for (const field of ['page', 'pageSize']) {
      const { body } = await server.api.get(`/api/v1/people?${field}=-1`)
      expect(body.error.message).toBe(`${field} must be at least 1`)
    }
  })

  it('items are ordered by createdAt descending, newest first, with id breaking ties', async () => {
    const { items } = await walk(server.api, '/api/v1/people', 100)
    const expected = [...items].sort((a, b) =>
      a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
    )
    expect(items.map((item) => item.id)).toEqual(expected.map((item) => item.id))
    expect(items[0].fullName).toMatch(/Person 5[89]/)
    expect(new Set(items.map((item) => item.createdAt)).size).toBe(30)
  })

  it('hasMore is false on the last page; a client iterates by page until then', async () => {
    const { items, pages } = await walk(server.api, '/api/v1/people', 25)
    expect(pages).toBe(3)
    expect(items).toHaveLength(60)
    const last = await server.api.get('/api/v1/people?page=3&pageSize=25')
    expect(last.body).toMatchObject({ hasMore: false, total: 60 })
    expect(last.body.data).toHaveLength(10)
    const exact = await server.api.get('/api/v1/people?page=2&pageSize=30')
    expect(exact.body.hasMore).toBe(false)
  })

  it('total counts every item in the workspace', async () => {
    const { body } = await server.api.get('/api/v1/people?pageSize=1')
    expect(body.total).toBe(60)
    expect(body.data).toHaveLength(1)
  })

  it('offset pagination is not stable under concurrent writes: a record created between pages shifts later pages', async () => {
    const first = await server.api.get('/api/v1/people?page=1&pageSize=10')
    clock.advance(1)
    const newcomer = await createPerson(server.api, { fullName: 'Newcomer' })
    const second = await server.api.get('/api/v1/people?page=2&pageSize=10')
    // The last item of page 1 is now the first of page 2: it is seen twice (documented behaviour).
    expect(second.body.data[0].id).toBe(first.body.data[9].id)
    await server.api.delete(`/api/v1/people/${newcomer.id}`)
  })

  it('a walk sees an edit made between its pages: the next page is read again, not the one read ahead', async () => {
    const { body: all } = await server.api.get('/api/v1/people?page=1&pageSize=30')
    const third = all.data[20]
    await server.api.get('/api/v1/people?page=1&pageSize=10')
    // Page 2 follows page 1: page 3 is read ahead while this answer is on its way.
    await server.api.get('/api/v1/people?page=2&pageSize=10')
    await new Promise((done) => setTimeout(done, 20))
    const edited = await server.api.patch(`/api/v1/people/${third.id}`, {
      fullName: 'Edited mid-walk',
    })
    expect(edited.status).toBe(200)
    const { body: page3 } = await server.api.get('/api/v1/people?page=3&pageSize=10')
    expect(page3.data[0]).toMatchObject({ id: third.id, fullName: 'Edited mid-walk' })
    await server.api.patch(`/api/v1/people/${third.id}`, { fullName: third.fullName })
  })

  // The contract's lists take no filter; Outpost's documented extensions (api-v1-filters.test.ts)
  // are the only others, and an unknown parameter or a bad value is still a 400 naming it.
  it('a parameter that is neither the contract nor a documented extension is a 400', async () => {
    for (const query of [
      'lifecycleStage=lead',
      'companyId=x',
      'sort=newest',
      'updatedSince=2026-01-01',
      'email=a@',
    ]) {
      const { status, body } = await server.api.get(`/api/v1/people?${query}`)
      expect(status, query).toBe(400)
      expect(body.error.details.field, query).toBe(query.split('=')[0])
    }
    for (const query of ['pipelineId=x', 'stageId=x', 'ownerId=x', 'personId=x']) {
      expect((await server.api.get(`/api/v1/deals?${query}`)).status, query).toBe(400)
    }
  })
})

describe('walking all pages (property)', () => {
  it('returns every record exactly once, in order, when nothing is written meanwhile', async () => {
    // A fresh workspace per run, filled through the service with a clock that repeats timestamps.
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 0, maxLength: 120 }),
        fc.integer({ min: 1, max: 100 }),
        async (gaps, pageSize) => {
          const workspace = await server.otherWorkspace(`Property ${++run}`)
          const at = createTestClock('2026-01-01T00:00:00.000Z')
          const created: string[] = []
          for (const gap of gaps) {
            at.advance(gap) // a gap of 0 repeats the previous timestamp
            const person = await createPersonRecord(
              server.db,
              workspace.tenantId,
              { fullName: 'P' },
              at.now(),
            )
            created.push(person.id)
          }
          const { items } = await walk(workspace.admin, '/api/v1/people', pageSize)
          const ids = items.map((item) => item.id)
          expect(new Set(ids).size).toBe(ids.length)
          expect([...ids].sort()).toEqual([...created].sort())
          for (let i = 1; i < items.length; i++) {
            const [a, b] = [items[i - 1], items[i]]
            expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id)).toBe(
              true,
            )
          }
        },
      ),
      { numRuns: 40 },
    )
  })
})
