// How a search finds its matches does not change what it answers. A search of a word either walks
// the list's order checking each person, or gathers its matches from an index (the prefix index
// for one or two letters; the trigram index for more, when the workspace holds most of the file)
// and sorts them, whichever finds the page sooner (people/search-repository.ts). Every way must
// give the same people, in the list's order, and only the workspace's own: the indexes hold every
// workspace's people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importNames } from '../support/inbound'
import { startTestServer, type ApiResponse, type TestServer } from '../support/server'

let server: TestServer
let beside: Awaited<ReturnType<TestServer['otherWorkspace']>>
const ids = (body: any): string[] => body.data.map((person: { id: string }) => person.id)

beforeAll(async () => {
  server = await startTestServer()
  // A small workspace beside, whose Betas are in the same indexes.
  beside = await server.otherWorkspace('Some Betas')
  expect((await importNames(server.url, beside.token, ['Beta A', 'Beta B'])).status).toBe(200)
  // This one holds most of the file: 40 Betas among 1,000 people.
  const people = Array.from({ length: 1000 }, (_, i) => (i % 25 ? `Gamma ${i}` : `Beta ${i}`))
  expect((await importNames(server.url, server.adminToken, people)).status).toBe(200)
}, 60_000)
afterAll(() => server.close())

/** Every person of the workspace, in the list's order (newest first, or by name). */
async function everyone(sort = '-createdAt'): Promise<any[]> {
  const all = []
  for (let page = 1; page <= 10; page++) {
    const query = `sort=${sort}&pageSize=100&page=${page}`
    all.push(...(await server.admin.get(`/api/app/v1/people?${query}`)).body.data)
  }
  return all
}

describe('a search of a word, however it is found', () => {
  // One or two letters (the prefix index), three (one trigram), more (trigrams, then the text).
  it.each(['be', 'bet', 'beta', 'BETA '])(
    '%s: pages every match once, in order, walked first and gathered deeper',
    async (text) => {
      for (const sort of ['-createdAt', 'fullName']) {
        const betas = (await everyone(sort)).filter((person) => person.fullName.startsWith('Beta'))
        const found: string[] = []
        for (let page = 1; page <= 8; page++) {
          const query = `q=${encodeURIComponent(text)}&sort=${sort}&pageSize=5&page=${page}`
          const body = (await server.admin.get(`/api/app/v1/people?${query}`)).body
          expect(body, query).toMatchObject({ total: 40, totalCapped: false, hasMore: page < 8 })
          found.push(...ids(body))
        }
        expect(found, sort).toEqual(betas.map((person) => person.id))
        // The v1 list's search, by cursor, finds the same.
        const walked: string[] = []
        let next: string | null =
          `/api/v1/people?q=${encodeURIComponent(text)}&sort=${sort}&pageSize=15`
        while (next !== null) {
          const response: ApiResponse = await server.api.get(next)
          walked.push(...ids(response.body))
          const link = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1]
          next = link ? new URL(link).pathname + new URL(link).search : null
        }
        expect(walked, sort).toEqual(found)
      }
    },
    30_000,
  )

  it('finds one person among them, with other filters too', async () => {
    const one = (await server.admin.get('/api/app/v1/people?q=beta%20975')).body
    expect(one).toMatchObject({ total: 1, data: [{ fullName: 'Beta 975' }] })
    const none = (await server.admin.get('/api/app/v1/people?q=beta%20975&tag=vip')).body
    expect(none).toMatchObject({ total: 0, data: [] })
    const nowhere = (await server.admin.get('/api/app/v1/people?q=delta')).body
    expect(nowhere).toMatchObject({ total: 0, data: [] })
  })

  it('in a small workspace beside, finds its own and only those', async () => {
    for (const text of ['be', 'bet', 'beta']) {
      const small = (await beside.admin.get(`/api/app/v1/people?q=${text}`)).body
      expect(small, text).toMatchObject({ total: 2 })
      expect(small.data.map((person: any) => person.fullName).sort()).toEqual(['Beta A', 'Beta B'])
    }
  })
})
