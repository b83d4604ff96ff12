// Deep pages and full walks of people and deals: a page by number must hold exactly the rows OFFSET
// gives, even when served from where the page before ended or from a checkpoint, and stay right
// after rows are added or removed; the `after` cursor of the Link header walks every row once.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPerson, salesPipeline } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'
import { importNames } from '../support/inbound'

let server: TestServer
// More than the 10,000 rows from which deep pages use checkpoints.
const imported = 12_345

// The import takes about 50 s on PostgreSQL on this 2-core machine on a slow day, alone; beside
// the other test files it ran over the default minute once in CI.
beforeAll(async () => {
  server = await startTestServer()
  const names = Array.from({ length: imported }, (_, i) => `Person ${i}`)
  expect((await importNames(server.url, server.adminToken, names)).status).toBe(200)
}, 240_000)
afterAll(() => server.close())

/** The ids OFFSET gives for a page, straight from the file. */
async function offsetIds(page: number, pageSize: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id from people where tenant_id = ${server.tenantId}
    order by created_at desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(
    server.db,
  )
  return rows.map((row) => row.id)
}

async function pageIds(query: string): Promise<string[]> {
  const { status, body } = await server.api.get(`/api/v1/people?${query}`)
  expect(status, query).toBe(200)
  return body.data.map((person: { id: string }) => person.id)
}

/** The next page's URL from a response's Link header, or null on the last page. */
function nextOf(headers: Headers): string | null {
  const link = headers.get('link')
  if (!link) return null
  const match = /^<([^>]+)>; rel="next"$/.exec(link)
  expect(match, link).not.toBeNull()
  return match![1]!
}

describe('pages by number', () => {
  it('walked in order, hold exactly what OFFSET gives, every row once', async () => {
    const seen: string[] = []
    const pages = Math.ceil(imported / 100)
    for (let page = 1; page <= pages; page++) {
      const ids = await pageIds(`page=${page}&pageSize=100`)
      if (page % 25 === 1 || page === pages) expect(ids).toEqual(await offsetIds(page, 100))
      seen.push(...ids)
    }
    expect(seen).toEqual(await offsetIds(1, imported))
  })

  it('deep pages asked out of order, and after adds and deletes, match OFFSET', async () => {
    for (const [page, size] of [
      [111, 100],
      [57, 100],
      [4001, 3],
      [123, 100],
      [124, 100],
      [1235, 10],
    ] as const) {
      expect(await pageIds(`page=${page}&pageSize=${size}`)).toEqual(await offsetIds(page, size))
    }
    // A new person comes first and shifts every row down one; a deleted one shifts the rest up.
    await createPerson(server.api, { fullName: 'Newest' })
    expect(await pageIds('page=111&pageSize=100')).toEqual(await offsetIds(111, 100))
    const [middle] = await offsetIds(11_500, 1)
    expect((await server.api.delete(`/api/v1/people/${middle}`)).status).toBe(204)
    expect(await pageIds('page=115&pageSize=100')).toEqual(await offsetIds(115, 100))
    expect(await pageIds('page=124&pageSize=100')).toEqual(await offsetIds(124, 100))
  })
})

describe('the after cursor', () => {
  it('follows Link rel="next" through every row once, whatever is written meanwhile', async () => {
    const before = await offsetIds(1, 100_000)
    const first = await server.api.get('/api/v1/people?pageSize=100')
    let next = nextOf(first.headers)
    expect(next).toMatch(new RegExp(`^${server.url}/api/v1/people\\?pageSize=100&after=`))
    const seen: string[] = first.body.data.map((person: { id: string }) => person.id)
    // Written during the walk: a person at the top (before the walk's position) and the removal
    // of one not yet reached.
    await createPerson(server.api, { fullName: 'Added during the walk' })
    const removed = before[5_000]!
    expect((await server.api.delete(`/api/v1/people/${removed}`)).status).toBe(204)
    let pages = 1
    while (next) {
      const response = await fetch(next, {
        headers: { Authorization: `Bearer ${server.apiToken}` },
      })
      expect(response.status).toBe(200)
      const body: any = await response.json()
      pages++
      expect(body.page).toBe(pages)
      expect(body.pageSize).toBe(100)
      seen.push(...body.data.map((person: { id: string }) => person.id))
      next = nextOf(response.headers)
      expect(body.hasMore).toBe(next !== null)
    }
    expect(seen).toEqual(before.filter((id) => id !== removed))
  })

  it('is refused when malformed, or given with page', async () => {
    for (const query of ['after=nonsense', 'after=', `after=${btoa('["x","y",-1]')}`]) {
      const { status, body } = await server.api.get(`/api/v1/people?${query}`)
      expect(status, query).toBe(400)
      expect(body.error).toMatchObject({ code: 'invalid_request', details: { field: 'after' } })
    }
    const first = await server.api.get('/api/v1/people?pageSize=2')
    const after = new URL(nextOf(first.headers)!).searchParams.get('after')!
    const both = await server.api.get(`/api/v1/people?page=2&after=${after}`)
    expect(both.status).toBe(400)
    expect(both.body.error.details.field).toBe('after')
    // A real cursor edited: a time that is none, an id that is none, a position past any list.
    const [createdAt, id, position] = JSON.parse(Buffer.from(after, 'base64url').toString())
    for (const edited of [
      ['zzz', id, position],
      [createdAt, 'x-not-a-uuid', position],
      [createdAt, id, 99_999_999_999],
    ]) {
      const cursor = Buffer.from(JSON.stringify(edited)).toString('base64url')
      const refused = await server.api.get(`/api/v1/people?after=${cursor}`)
      expect([refused.status, refused.body.error.details.field]).toEqual([400, 'after'])
    }
  })

  it('links the pages of deals too, and no Link on the last page', async () => {
    const pipeline = await salesPipeline(server.admin)
    for (const title of ['One', 'Two', 'Three']) {
      const deal = await server.api.post('/api/v1/deals', {
        title,
        value: 1,
        pipelineId: pipeline.id,
        stageId: pipeline.stages[0]!.id,
      })
      expect(deal.status).toBe(201)
    }
    const first = await server.api.get('/api/v1/deals?pageSize=2')
    expect(first.body.data.map((deal: { title: string }) => deal.title)).toEqual(['Three', 'Two'])
    const next = await fetch(nextOf(first.headers)!, {
      headers: { Authorization: `Bearer ${server.apiToken}` },
    })
    const last: any = await next.json()
    expect(last.data.map((deal: { title: string }) => deal.title)).toEqual(['One'])
    expect(last).toMatchObject({ page: 2, total: 3, hasMore: false })
    expect(next.headers.get('link')).toBeNull()
  })
})
