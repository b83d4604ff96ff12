import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/server/auth/service'
import { silentLogger } from '../../src/server/logger'
import { startServer } from '../../src/server/server'
import { ensureDefaultWorkspace } from '../../src/server/workspace-store'
import { eventsAfter, eventsOf, feedCursor, typesOf } from '../support/events'
import { createDeal, createPerson, salesPipeline } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'
import { openSse } from '../support/sse'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const bearer = () => ({ Authorization: `Bearer ${server.apiToken}` })

describe('GET /api/v1/events (change feed)', () => {
  it('returns the events in commit order, with a nextCursor that continues after them', async () => {
    const start = await feedCursor(server.api)
    const person = await createPerson(server.api, { fullName: 'Feed One' })
    await server.api.patch(`/api/v1/people/${person.id}`, { fullName: 'Feed Two' })
    const first = await server.api.get(`/api/v1/events?after=${start}`)
    expect(first.status).toBe(200)
    expect(Object.keys(first.body).sort()).toEqual(['data', 'hasMore', 'nextCursor'])
    expect(typesOf(first.body.data)).toEqual(['person.created', 'person.updated'])
    expect(first.body.hasMore).toBe(false)

    await server.api.delete(`/api/v1/people/${person.id}`)
    const next = await server.api.get(`/api/v1/events?after=${first.body.nextCursor}`)
    expect(typesOf(next.body.data)).toEqual(['person.deleted'])
    const none = await server.api.get(`/api/v1/events?after=${next.body.nextCursor}`)
    expect(none.body).toEqual({ data: [], nextCursor: next.body.nextCursor, hasMore: false })
  })

  it('without a cursor, starts at the first event of the workspace', async () => {
    const { body } = await server.api.get('/api/v1/events?limit=1')
    const all = await eventsAfter(server.api, '')
    expect(body.data[0]).toEqual(all[0])
    expect(body.hasMore).toBe(true)
  })

  it('limit pages through the feed: no event skipped or repeated, even with writes between pages', async () => {
    const start = await feedCursor(server.api)
    for (let i = 0; i < 5; i++) await createPerson(server.api, { fullName: `Paged ${i}` })
    const seen: any[] = []
    let cursor = start
    let writes = 0
    for (;;) {
      const { body } = await server.api.get(`/api/v1/events?after=${cursor}&limit=2`)
      seen.push(...body.data)
      cursor = body.nextCursor
      if (writes < 3) {
        await createPerson(server.api, { fullName: `Written meanwhile ${writes++}` })
        continue
      }
      if (!body.hasMore) break
    }
    expect(seen.map((event) => event.data.object.fullName)).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => `Paged ${i}`),
      ...[0, 1, 2].map((i) => `Written meanwhile ${i}`),
    ])
    expect(new Set(seen.map((event) => event.id)).size).toBe(seen.length)
  })

  it('after=now returns no events and a cursor from which only later events come', async () => {
    await createPerson(server.api, { fullName: 'Before now' })
    const { body } = await server.api.get('/api/v1/events?after=now')
    expect(body.data).toEqual([])
    await createPerson(server.api, { fullName: 'After now' })
    const later = await eventsAfter(server.api, body.nextCursor)
    expect(later.map((event) => event.data.object.fullName)).toEqual(['After now'])
  })

  it('returns the events of the caller’s workspace only', async () => {
    const other = await server.otherWorkspace('Feed elsewhere')
    const start = await feedCursor(server.api)
    await createPerson(other.admin, { fullName: 'Theirs' })
    await createPerson(server.api, { fullName: 'Ours' })
    const events = await eventsAfter(server.api, start)
    expect(events.map((event) => event.data.object.fullName)).toEqual(['Ours'])
    const theirs = await eventsAfter(other.admin, start)
    expect(theirs.map((event) => event.data.object.fullName)).toEqual(['Theirs'])
  })

  it('a cursor carries no piece of another workspace’s event ids', async () => {
    const other = await server.otherWorkspace('Feed neighbours')
    const [theirs] = await eventsOf(other.admin, () =>
      createPerson(other.admin, { fullName: 'Theirs, last' }),
    )
    const fingerprint = theirs.id.replaceAll('-', '').slice(-8)
    const now = (await server.api.get('/api/v1/events?after=now')).body.nextCursor
    const start = await feedCursor(server.api)
    const page = (await server.api.get(`/api/v1/events?after=${start}`)).body.nextCursor
    for (const cursor of [now, start, page]) {
      expect(Buffer.from(cursor, 'base64url').toString('utf8')).not.toContain(fingerprint)
    }
    // Still a live cursor: what we write next is read after it.
    await createPerson(server.api, { fullName: 'Ours, next' })
    expect((await eventsAfter(server.api, now)).map((event) => event.data.object.fullName)).toEqual(
      ['Ours, next'],
    )
  })

  it('an event has the same id every time it is read', async () => {
    const start = await feedCursor(server.api)
    await createPerson(server.api)
    const [first] = await eventsAfter(server.api, start)
    const [again] = await eventsAfter(server.api, start)
    expect(again).toEqual(first)
  })

  it('400: a cursor it did not give out, a bad limit, an unknown parameter', async () => {
    for (const [query, field] of [
      ['after=42', 'after'],
      ['after=bm90IGEgY3Vyc29y', 'after'],
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=ten', 'limit'],
      ['since=now', 'since'],
    ]) {
      const { status, body } = await server.api.get(`/api/v1/events?${query}`)
      expect(status, query).toBe(400)
      expect(body.error, query).toMatchObject({ code: 'invalid_request', details: { field } })
    }
  })

  it('401 without a valid token', async () => {
    expect((await server.as(null).get('/api/v1/events')).status).toBe(401)
  })
})

describe('GET /api/v1/events/stream (Server-Sent Events)', () => {
  it('streams each new event as it is committed, with its cursor as the SSE id', async () => {
    const stream = await openSse(`${server.url}/api/v1/events/stream`, bearer())
    try {
      expect(stream.status).toBe(200)
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/)
      const person = await createPerson(server.api, { fullName: 'Live', tags: ['hot'] })
      const created = await stream.next()
      const tagged = await stream.next()
      expect(JSON.parse(created.data)).toMatchObject({
        type: 'person.created',
        data: { object: person },
      })
      expect(JSON.parse(tagged.data)).toMatchObject({ type: 'person.tag_added' })
      // The id is a feed cursor: the feed after it holds exactly what came after.
      const rest = await eventsAfter(server.api, created.id!)
      expect(rest.map((event) => event.id)).toEqual([JSON.parse(tagged.data).id])
    } finally {
      stream.close()
    }
  })

  it('resumes after Last-Event-ID without repeating or skipping events', async () => {
    const first = await openSse(`${server.url}/api/v1/events/stream`, bearer())
    await createPerson(server.api, { fullName: 'Seen' })
    const seen = await first.next()
    first.close()
    await createPerson(server.api, { fullName: 'Missed while away 1' })
    await createPerson(server.api, { fullName: 'Missed while away 2' })
    const resumed = await openSse(`${server.url}/api/v1/events/stream`, {
      ...bearer(),
      'Last-Event-ID': seen.id!,
    })
    try {
      const names = [await resumed.next(), await resumed.next()].map(
        (message) => JSON.parse(message.data).data.object.fullName,
      )
      expect(names).toEqual(['Missed while away 1', 'Missed while away 2'])
      await createPerson(server.api, { fullName: 'Live again' })
      expect(JSON.parse((await resumed.next()).data).data.object.fullName).toBe('Live again')
    } finally {
      resumed.close()
    }
  })

  it('?after= starts at a feed cursor; without it the stream starts now', async () => {
    const cursor = await feedCursor(server.api)
    await createPerson(server.api, { fullName: 'Just before' })
    const fromCursor = await openSse(`${server.url}/api/v1/events/stream?after=${cursor}`, bearer())
    const fromNow = await openSse(`${server.url}/api/v1/events/stream`, bearer())
    try {
      expect(JSON.parse((await fromCursor.next()).data).data.object.fullName).toBe('Just before')
      await createPerson(server.api, { fullName: 'Just after' })
      expect(JSON.parse((await fromNow.next()).data).data.object.fullName).toBe('Just after')
    } finally {
      fromCursor.close()
      fromNow.close()
    }
  })

  it('carries the caller’s workspace only', async () => {
    const other = await server.otherWorkspace('Stream elsewhere')
    const stream = await openSse(`${server.url}/api/v1/events/stream`, bearer())
    try {
      await createPerson(other.admin, { fullName: 'Not for us' })
      await createPerson(server.api, { fullName: 'For us' })
      expect(JSON.parse((await stream.next()).data).data.object.fullName).toBe('For us')
    } finally {
      stream.close()
    }
  })

  it('400 for a Last-Event-ID that is not a cursor; 401 without a token', async () => {
    const bad = await server.api.request('GET', '/api/v1/events/stream', undefined, {
      'Last-Event-ID': 'nonsense',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('last-event-id')
    expect((await server.as(null).get('/api/v1/events/stream')).status).toBe(401)
  })

  it('ends an open stream once its token is revoked', async () => {
    const { body: issued } = await server.admin.post('/api/app/v1/tokens', {
      name: 'revoked while streaming',
      scope: 'api',
    })
    const stream = await openSse(`${server.url}/api/v1/events/stream`, {
      Authorization: `Bearer ${issued.token}`,
    })
    expect(stream.status).toBe(200)
    expect((await server.admin.delete(`/api/app/v1/tokens/${issued.id}`)).status).toBe(204)
    await stream.ended
    const again = await server.as(issued.token).get('/api/v1/events/stream')
    expect(again.status).toBe(401)
  })

  it('ends open streams when the server stops, so shutdown does not wait on them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-sse-'))
    const own = await startServer({ dataDir, port: 0, logger: silentLogger })
    try {
      const workspace = await ensureDefaultWorkspace(own.db, new Date())
      const { token } = await createApiToken(
        own.db,
        workspace.id,
        { name: 'sse', scope: 'api' },
        new Date(),
      )
      const stream = await openSse(`${own.url}/api/v1/events/stream`, {
        Authorization: `Bearer ${token}`,
      })
      const started = performance.now()
      await own.close()
      await stream.ended
      // Well under the 5 s grace a hanging connection would cost.
      expect(performance.now() - started).toBeLessThan(2_000)
    } finally {
      await own.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('OpenAPI document', () => {
  it('documents the feed and the stream (as text/event-stream)', async () => {
    const { body } = await server.as(null).get('/api/v1/openapi.json')
    const feed = body.paths['/events'].get
    expect(feed.parameters.map((parameter: any) => parameter.name).sort()).toEqual([
      'after',
      'limit',
      'type',
    ])
    expect(body.paths['/events/{id}'].get.responses['200']).toBeDefined()
    expect(feed.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/EventFeedPage',
    )
    const stream = body.paths['/events/stream'].get
    expect(Object.keys(stream.responses['200'].content)).toEqual(['text/event-stream'])
    expect(stream.parameters.map((parameter: any) => parameter.name)).toContain('last-event-id')
    expect(body.components.schemas.Event.properties.type.enum).toContain('deal.won')
  })
})

describe('deal events in the feed', () => {
  it('carry the deal as GET /deals/{id} returns it', async () => {
    const pipeline = await salesPipeline(server.admin)
    const start = await feedCursor(server.api)
    const deal = await createDeal(server.api, pipeline)
    const [event] = await eventsAfter(server.api, start)
    expect(event.data.object).toEqual((await server.api.get(`/api/v1/deals/${deal.id}`)).body)
  })
})

describe('reading chosen events (Outpost extensions)', () => {
  it('GET /api/v1/events/{id} returns the event as the feed has it; 404 for another id', async () => {
    const cursor = await feedCursor(server.api)
    await createPerson(server.api, { fullName: 'Looked Up' })
    const [event] = await eventsAfter(server.api, cursor)
    const { status, body } = await server.api.get(`/api/v1/events/${event!.id}`)
    expect(status).toBe(200)
    expect(body).toEqual(event)
    const missing = await server.api.get('/api/v1/events/00000000-0000-4000-8000-000000000000')
    expect(missing.status).toBe(404)
  })

  it('?type= keeps the types asked for (wildcards too), on the feed and on the stream', async () => {
    const cursor = await feedCursor(server.api)
    const sales = await salesPipeline(server.admin)
    const stream = await openSse(
      `${server.url}/api/v1/events/stream?type=${encodeURIComponent('deal.*')}`,
      bearer(),
    )
    try {
      await createPerson(server.api, { fullName: 'Filtered Out', tags: ['x'] })
      const deal = await createDeal(server.api, sales, { title: 'Filtered In' })
      const streamed = JSON.parse((await stream.next()).data)
      expect(streamed).toMatchObject({ type: 'deal.created', data: { object: { id: deal.id } } })
    } finally {
      stream.close()
    }
    const { body } = await server.api.get(
      `/api/v1/events?after=${encodeURIComponent(cursor)}&type=deal.created,person.tag_added`,
    )
    expect(typesOf(body.data)).toEqual(['person.tag_added', 'deal.created'])
    const bad = await server.api.get('/api/v1/events?type=deal.exploded')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('type')
  })
})
