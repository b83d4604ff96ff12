import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { createPerson } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'
import { importNames } from '../support/inbound'
import { onPostgres } from '../support/postgres'

const clock = createTestClock()
let server: TestServer
let ownerId: string
const ids: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer({ clock })
  ownerId = (await server.admin.post('/api/app/v1/users', { name: 'Bia Lima' })).body.id
  const people: [string, Record<string, unknown>][] = [
    ['josé', { fullName: 'José Souza', primaryEmail: 'jose@acme.com.br', lifecycleStage: 'lead' }],
    [
      'maria',
      { fullName: 'Maria Oliveira', primaryEmail: 'maria@globex.com', ownerId, tags: ['VIP'] },
    ],
    [
      'joana',
      {
        fullName: 'Joana Souza',
        primaryEmail: 'jo@initech.io',
        lifecycleStage: 'customer',
        ownerId,
      },
    ],
    ['pedro', { fullName: 'Pedro Alves', tags: ['vip', 'newsletter'], lifecycleStage: 'lead' }],
  ]
  for (const [key, fields] of people) {
    clock.advance(1000)
    ids[key] = (await createPerson(server.api, fields)).id
  }
})
afterAll(() => server.close())

const search = async (query: string) => {
  const { status, body } = await server.admin.get(`/api/app/v1/people${query}`)
  expect(status, JSON.stringify(body)).toBe(200)
  return body
}
const names = (body: any) => body.data.map((person: any) => person.fullName)

describe('people search (management API)', () => {
  it('without filters lists every person newest first, in the v1 envelope', async () => {
    const body = await search('')
    expect(names(body)).toEqual(['Pedro Alves', 'Joana Souza', 'Maria Oliveira', 'José Souza'])
    expect(body).toMatchObject({ page: 1, pageSize: 25, total: 4, hasMore: false })
    expect(body.data[0].tags).toEqual(['vip', 'newsletter'])
  })

  it('finds people whose name or e-mail contains the text, ignoring case and accents', async () => {
    expect(names(await search('?q=souza'))).toEqual(['Joana Souza', 'José Souza'])
    expect(names(await search('?q=JOSE'))).toEqual(['José Souza'])
    expect(names(await search('?q=globex'))).toEqual(['Maria Oliveira'])
    expect(names(await search('?q=a%20Sou'))).toEqual(['Joana Souza'])
    expect((await search('?q=zzzz')).total).toBe(0)
  })

  it('finds the text itself, not its three-letter pieces scattered over a person', async () => {
    const other = await server.otherWorkspace('Scattered')
    const people = [
      { fullName: 'Anabel Belan' },
      { fullName: 'Nabe Lopes', primaryEmail: 'labela@example.com' },
      { fullName: 'Anabela Reis' },
      { fullName: 'Ânabéla Costa' },
      { fullName: 'Rui Lopes', primaryEmail: 'ANABELA@example.com' },
    ]
    for (const fields of people) {
      clock.advance(1000)
      await createPerson(other.admin, fields)
    }
    // "nabela" is nab, abe, bel and ela: the first two people hold all four, not the text.
    const found = (await other.admin.get('/api/app/v1/people?q=nabela')).body
    expect(names(found)).toEqual(['Rui Lopes', 'Ânabéla Costa', 'Anabela Reis'])
    expect(found.total).toBe(3)
    expect(names((await other.admin.get('/api/app/v1/people?q=N%C3%81BELA')).body)).toEqual([
      'Rui Lopes',
      'Ânabéla Costa',
      'Anabela Reis',
    ])
  })

  it('one or two characters find a word of the name or e-mail that starts with them', async () => {
    expect(names(await search('?q=jo'))).toEqual(['Joana Souza', 'José Souza'])
    // "ol" starts Oliveira; inside a word (Souza, globex) it is not a start.
    expect(names(await search('?q=ol'))).toEqual(['Maria Oliveira'])
    expect(names(await search('?q=gl'))).toEqual(['Maria Oliveira'])
    expect(names(await search('?q=%C3%81L'))).toEqual(['Pedro Alves'])
    expect(names(await search('?q=s'))).toEqual(['Joana Souza', 'José Souza'])
    expect(names(await search('?q=%25'))).toEqual([])
    const body = await search('?q=jo&lifecycleStage=lead')
    expect(names(body)).toEqual(['José Souza'])
    expect(body).toMatchObject({ total: 1, totalCapped: false })
  })

  it('a word of any script starts after a space or punctuation, not inside a word', async () => {
    const other = await server.otherWorkspace('Scripts')
    const created = await other.admin.post('/api/v1/people', {
      fullName: 'Олег Иванов',
      primaryEmail: 'oleg.ivanov@yandex.ru',
    })
    expect(created.status).toBe(201)
    const find = async (q: string) =>
      names((await other.admin.get(`/api/app/v1/people?q=${encodeURIComponent(q)}`)).body)
    expect(await find('Ол')).toEqual(['Олег Иванов'])
    expect(await find('Ив')).toEqual(['Олег Иванов'])
    expect(await find('ya')).toEqual(['Олег Иванов'])
    expect(await find('r')).toEqual(['Олег Иванов'])
    // Letters inside a word: "в" of Иванов, "ег" of Олег, "nd" of yandex.
    expect(await find('в')).toEqual([])
    expect(await find('ег')).toEqual([])
    expect(await find('nd')).toEqual([])
  })

  // On PostgreSQL a name is `collate "C"`, whose lower() folds only A to Z: the fold must name
  // a collation of its own, or "Иван" is indexed as is and no search of its capitals finds it.
  it('a name in any script is found whatever the case of the search', async () => {
    const other = await server.otherWorkspace('Capitals')
    const created = await other.admin.post('/api/v1/people', { fullName: 'Иван Ζορμπας' })
    expect(created.status).toBe(201)
    for (const q of ['ив', 'ИВ', 'Ив', 'иван', 'ИВАН', 'Иван', 'ζο', 'ΖΟΡ', 'ζορμπας']) {
      const body = (await other.admin.get(`/api/app/v1/people?q=${encodeURIComponent(q)}`)).body
      expect({ q, found: names(body), total: body.total }).toEqual({
        q,
        found: ['Иван Ζορμπας'],
        total: 1,
      })
    }
  })

  // unaccent folds "ﬃ" to three letters, longer than the index's two-character starts: the index
  // finds the words starting "ff", and each is checked for "ffi" (SQLite keeps the ligature).
  it.runIf(onPostgres())('on PostgreSQL a ligature is the letters it folds to', async () => {
    const other = await server.otherWorkspace('Ligatures')
    for (const fullName of ['Ffion Jones', 'Ffxyz Jones', 'ﬃon Lee']) {
      expect((await other.admin.post('/api/v1/people', { fullName })).status).toBe(201)
    }
    const body = (await other.admin.get(`/api/app/v1/people?q=${encodeURIComponent('ﬃ')}`)).body
    expect(names(body).sort()).toEqual(['Ffion Jones', 'ﬃon Lee'])
    expect(body).toMatchObject({ total: 2, totalCapped: false })
  })

  it('counts a one- or two-letter search up to 10,000 and says when there are more', async () => {
    const other = await server.otherWorkspace('Many Alphas')
    const alphas = Array.from({ length: 10_050 }, (_, i) => `Alpha ${i}`)
    expect((await importNames(server.url, other.token, alphas)).status).toBe(200)
    const many = (await other.admin.get('/api/app/v1/people?q=al&pageSize=100')).body
    expect(many).toMatchObject({ total: 10_000, totalCapped: true, hasMore: true })
    expect(many.data).toHaveLength(100)
    // Many matches are walked newest first: the same page as the unfiltered list's, where every
    // person matches.
    const everyone = (await other.admin.get('/api/app/v1/people?pageSize=100')).body
    expect(many.data.map((person: { id: string }) => person.id)).toEqual(
      everyone.data.map((person: { id: string }) => person.id),
    )
    // In name order too, where the matches of a prefix bunch together.
    const byName = (await other.admin.get('/api/app/v1/people?q=al&sort=-fullName&pageSize=5')).body
    const everyoneByName = (await other.admin.get('/api/app/v1/people?sort=-fullName&pageSize=5'))
      .body
    expect(byName).toMatchObject({ total: 10_000, totalCapped: true })
    expect(names(byName)).toEqual(names(everyoneByName))
    expect(names(byName)[0]).toBe('Alpha 9999')
    const longer = (await other.admin.get('/api/app/v1/people?q=alpha&pageSize=1')).body
    expect(longer).toMatchObject({ total: 10_050, totalCapped: false })
    // The workspace next door sees none of them, nor counts them.
    const next = await search('?q=al')
    expect(names(next)).toEqual(['Pedro Alves'])
    expect(next).toMatchObject({ total: 1, totalCapped: false })
    // 10,050 people imported: 53 s on PostgreSQL beside the other files on a slow day in CI.
  }, 240_000)

  it('a one- or two-letter search pages the same people however it finds them', async () => {
    // 40 of 1,000 match: the first pages are found walking newest first and checking each person
    // against the matches, deeper ones by gathering the matches and sorting them; together, every
    // match once, in the list's order.
    const other = await server.otherWorkspace('Few Betas')
    const people = Array.from({ length: 1000 }, (_, i) => (i % 25 ? `Gamma ${i}` : `Beta ${i}`))
    expect((await importNames(server.url, other.token, people)).status).toBe(200)
    const everyone = (await other.admin.get('/api/app/v1/people?pageSize=100&page=1')).body.data
    for (let page = 2; page <= 10; page++) {
      everyone.push(
        ...(await other.admin.get(`/api/app/v1/people?pageSize=100&page=${page}`)).body.data,
      )
    }
    const betas = everyone.filter((person: any) => person.fullName.startsWith('Beta'))
    const found: string[] = []
    for (let page = 1; page <= 8; page++) {
      const body = (await other.admin.get(`/api/app/v1/people?q=be&pageSize=5&page=${page}`)).body
      expect(body).toMatchObject({ total: 40, totalCapped: false, hasMore: page < 8 })
      found.push(...body.data.map((person: any) => person.id))
    }
    expect(found).toEqual(betas.map((person: any) => person.id))
  }, 60_000)

  it('the index follows renames, e-mail changes and deletions', async () => {
    await server.api.patch(`/api/v1/people/${ids.pedro}`, {
      fullName: 'Pedro Xavier',
      primaryEmail: 'px@umbrella.com',
    })
    expect(names(await search('?q=xavier'))).toEqual(['Pedro Xavier'])
    expect(names(await search('?q=umbrella'))).toEqual(['Pedro Xavier'])
    expect((await search('?q=alves')).total).toBe(0)
    const temporary = await createPerson(server.api, { fullName: 'Temporary Person' })
    expect((await search('?q=temporary')).total).toBe(1)
    await server.api.delete(`/api/v1/people/${temporary.id}`)
    expect((await search('?q=temporary')).total).toBe(0)
  })

  it('filters by lifecycle stage, owner and tag (tag without case), and combines them', async () => {
    expect(names(await search('?lifecycleStage=lead'))).toEqual(['Pedro Xavier', 'José Souza'])
    expect(names(await search(`?ownerId=${ownerId}`))).toEqual(['Joana Souza', 'Maria Oliveira'])
    expect(names(await search('?tag=vip'))).toEqual(['Pedro Xavier', 'Maria Oliveira'])
    expect(names(await search(`?tag=VIP&ownerId=${ownerId}`))).toEqual(['Maria Oliveira'])
    expect(names(await search('?q=souza&lifecycleStage=customer'))).toEqual(['Joana Souza'])
  })

  it('filters by a custom field’s value (text without case, numbers and booleans as written)', async () => {
    await server.admin.patch(`/api/app/v1/people/${ids.joana}/custom-fields`, {
      customFields: { plan: 'Pro', seats: 12, trial: true },
    })
    await server.admin.patch(`/api/app/v1/people/${ids.maria}/custom-fields`, {
      customFields: { plan: 'basic' },
    })
    expect(names(await search('?customField=plan%3Dpro'))).toEqual(['Joana Souza'])
    expect(names(await search('?customField=seats%3D12'))).toEqual(['Joana Souza'])
    expect(names(await search('?customField=trial%3Dtrue'))).toEqual(['Joana Souza'])
    const combined = await search('?customField=plan%3Dbasic&q=ma')
    expect([names(combined), combined.total]).toEqual([['Maria Oliveira'], 1])
    expect(names(await search('?customField=plan%3Dgold'))).toEqual([])
    const bad = await server.admin.get('/api/app/v1/people?customField=plan')
    expect([bad.status, bad.body.error.details.field]).toEqual([400, 'customField'])
  })

  it('sorts by name either way (case ignored) or oldest first, with filters and paging', async () => {
    expect(names(await search('?sort=fullName'))).toEqual([
      'Joana Souza',
      'José Souza',
      'Maria Oliveira',
      'Pedro Xavier',
    ])
    expect(names(await search('?sort=-fullName&q=souza'))).toEqual(['José Souza', 'Joana Souza'])
    expect(names(await search('?sort=createdAt&tag=vip'))).toEqual([
      'Maria Oliveira',
      'Pedro Xavier',
    ])
    const second = await search('?sort=fullName&pageSize=2&page=2')
    expect(names(second)).toEqual(['Maria Oliveira', 'Pedro Xavier'])
    expect(second.total).toBe(4)
    const bad = await server.admin.get('/api/app/v1/people?sort=email')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('sort')
  })

  it('pages the matches: total counts matches, not the workspace', async () => {
    const body = await search('?q=souza&pageSize=1&page=2')
    expect(names(body)).toEqual(['José Souza'])
    expect(body).toMatchObject({ page: 2, pageSize: 1, total: 2, hasMore: false })
  })

  it('rejects bad parameters with invalid_request naming them', async () => {
    const cases = ['?pageSize=101', '?lifecycleStage=boss', '?ownerId=nope', '?sort=name']
    for (const query of cases) {
      const { status, body } = await server.admin.get(`/api/app/v1/people${query}`)
      expect(status, query).toBe(400)
      expect(body.error.code, query).toBe('invalid_request')
    }
  })

  it('stays inside the workspace', async () => {
    const other = await server.otherWorkspace('Elsewhere')
    const { body } = await other.admin.get('/api/app/v1/people?q=souza')
    expect(body.total).toBe(0)
    // A short search is counted from the prefix index, which holds every workspace's people.
    for (const text of ['so', 'sou']) {
      const short = (await other.admin.get(`/api/app/v1/people?q=${text}`)).body
      expect(short, text).toMatchObject({ data: [], total: 0 })
    }
  })

  it('leaves the v1 list its own documented filters: the others there are a 400', async () => {
    const { status } = await server.api.get('/api/v1/people?lifecycleStage=lead')
    expect(status).toBe(400)
  })

  it("a person's timeline lists their events newest first", async () => {
    const { status, body } = await server.admin.get(`/api/app/v1/people/${ids.pedro}/events`)
    expect(status).toBe(200)
    expect(body.data.map((event: any) => event.type)).toEqual([
      'person.updated',
      'person.tag_added',
      'person.tag_added',
      'person.created',
    ])
    expect(body.data[0].data.changes).toEqual(['fullName', 'primaryEmail'])
    expect(
      (await server.admin.get('/api/app/v1/people/00000000-0000-4000-8000-000000000000/events'))
        .status,
    ).toBe(404)
  })
})

describe.skipIf(onPostgres())('people search in a file of one workspace', () => {
  let alone: TestServer
  beforeAll(async () => {
    alone = await startTestServer({ clock })
  })
  afterAll(() => alone.close())

  it('counts a short search from the index alone, without what another program deleted', async () => {
    for (const fullName of ['Otto Lima', 'Olga Lima', 'Oscar Reis']) {
      await createPerson(alone.api, { fullName })
    }
    const before = (await alone.admin.get('/api/app/v1/people?q=o')).body
    expect(before).toMatchObject({ total: 3, totalCapped: false })
    // Deleted by another program: the prefix index still holds Olga until the next commit.
    const other = new BetterSqlite3(join(alone.dataDir, 'outpost.sqlite'))
    other.prepare(`delete from people where full_name = 'Olga Lima'`).run()
    other.close()
    const after = (await alone.admin.get('/api/app/v1/people?q=o')).body
    expect(names(after)).toEqual(['Oscar Reis', 'Otto Lima'])
    expect(after.total).toBe(2)
    expect((await alone.api.get('/api/v1/people?q=li')).body.total).toBe(1)
    // Three letters, one trigram: counted from the search index alone, but not while it may
    // still hold someone deleted.
    expect((await alone.admin.get('/api/app/v1/people?q=lim')).body.total).toBe(1)
    expect((await alone.admin.get('/api/app/v1/people?q=rei')).body.total).toBe(1)
    // The next commit moves the deletion into the indexes.
    await createPerson(alone.api, { fullName: 'Rita Lima' })
    expect((await alone.admin.get('/api/app/v1/people?q=lim')).body.total).toBe(2)
    expect((await alone.admin.get('/api/app/v1/people?q=o')).body.total).toBe(2)
  })
})
