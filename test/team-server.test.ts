// Several processes, one truth (docs/team-server.md): two `outpost serve` processes on one
// PostgreSQL database. Runs with OUTPOST_TEST_DATABASE=postgres (npm run test:postgres), after
// npm run build.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireBuiltCli, runCli, serve, type Serving } from './support/cli'
import { eventsAfter, feedCursor, subscribe } from './support/events'
import { freshTestDatabase, onPostgres } from './support/postgres'
import { caller, type Caller } from './support/server'
import { openSse } from './support/sse'
import { makePeople, peopleOf, startReplica } from './sync/support'
import { openDataDir } from '../src/server/workspace-store'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'

describe.runIf(onPostgres())('two servers on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshTestDatabase>>
  const dirs = [
    mkdtempSync(join(tmpdir(), 'outpost-a-')),
    mkdtempSync(join(tmpdir(), 'outpost-b-')),
  ]
  let servers: Serving[] = []
  let token: string
  /** A token whose limit no test reaches, for a test that must not meet a 429. */
  let roomyToken: string
  let a: Caller
  let b: Caller
  let receiver: WebhookReceiver

  beforeAll(async () => {
    requireBuiltCli()
    database = await freshTestDatabase()
    const env = { ...process.env, OUTPOST_DATABASE_URL: database.url }
    const args = (dir: string) => ['--data-dir', dir, '--port', '0', '--no-backups']
    const first = await serve(args(dirs[0]!), env)
    // Every process on the database reads the credentials it sealed with the same key.
    copyFileSync(join(dirs[0]!, 'secrets.key'), join(dirs[1]!, 'secrets.key'))
    const second = await serve(args(dirs[1]!), env)
    servers = [first, second]
    const created = await runCli(
      ['token', 'create', '--data-dir', dirs[0]!, '--scope', 'admin'],
      env,
    )
    expect(created.code).toBe(0)
    token = created.stdout.trim()
    a = caller(first.url, token)
    b = caller(second.url, token)
    const { body: roomy } = await a.post('/api/app/v1/tokens', {
      name: 'roomy',
      scope: 'admin',
      rateLimitPerMinute: 100_000,
    })
    roomyToken = roomy.token as string
    // Slow enough that both workers are looking while an attempt is out.
    receiver = await startWebhookReceiver(async () => {
      await sleep(30)
      return { status: 204 }
    })
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await receiver?.close()
    await database?.drop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('tell a new terminal the database, and refuse a command run on their folder without it', async () => {
    expect(servers[0]!.output()).toContain(`export OUTPOST_DATABASE_URL='${database.url}'`)
    const { OUTPOST_DATABASE_URL: _url, ...withoutDatabase } = process.env
    const stray = await runCli(
      ['token', 'create', '--data-dir', dirs[0]!, '--scope', 'admin'],
      withoutDatabase,
    )
    expect(stray.code).not.toBe(0)
    expect(stray.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/is a team server's data folder: its database is postgres:/),
    ])
    // Not a SQLite file beside the server's secrets.key, whose tokens the server never knew.
    expect(existsSync(join(dirs[0]!, 'outpost.sqlite'))).toBe(false)
  })

  it('keep e-mails unique under concurrent inserts through both: one 201, the other 409', async () => {
    for (let i = 0; i < 10; i++) {
      const person = { fullName: `Twin ${i}`, primaryEmail: `twin${i}@example.com` }
      const statuses = (
        await Promise.all([a.post('/api/v1/people', person), b.post('/api/v1/people', person)])
      )
        .map((answer) => answer.status)
        .sort()
      expect(statuses).toEqual([201, 409])
    }
  })

  it('share one rate limit: a token’s requests count through both servers', async () => {
    const created = await a.post('/api/app/v1/tokens', {
      name: 'limited',
      scope: 'api',
      rateLimitPerMinute: 6,
    })
    expect(created.status).toBe(201)
    const through = [
      caller(servers[0]!.url, created.body.token),
      caller(servers[1]!.url, created.body.token),
    ]
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await through[i % 2]!.get('/api/v1/people')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429])
  })

  it('give a change feed without gaps or reorderings, read through either, written through both', async () => {
    const cursor = await feedCursor(a)
    const seen: string[] = []
    let after = cursor
    let writing = true
    // Polls through B while both write: a cursor that skipped a committed event would miss it.
    const reader = (async () => {
      while (writing) {
        const { body } = await b.get(`/api/v1/events?after=${after}&limit=1000`)
        seen.push(...body.data.map((event: { id: string }) => event.id))
        after = body.nextCursor
      }
    })()
    // Four writers per server: transactions overlap, so a seq taken before another commits.
    await Promise.all(
      [a, b, a, b, a, b, a, b].map(async (server, n) => {
        for (let i = 0; i < 15; i++) await server.post('/api/v1/people', { fullName: `P${n}-${i}` })
      }),
    )
    writing = false
    await reader
    for (;;) {
      const { body } = await b.get(`/api/v1/events?after=${after}&limit=1000`)
      seen.push(...body.data.map((event: { id: string }) => event.id))
      after = body.nextCursor
      if (!body.hasMore) break
    }
    const all = await eventsAfter(a, cursor)
    expect(all).toHaveLength(120)
    expect(seen).toEqual(all.map((event) => event.id))
  })

  it('sync replicas through both, an observer pulling mid-writes skipping and reordering nothing', async () => {
    // A token of its own, its limit raised: the observer's rounds would spend the others' minute.
    const { body: replicas } = await a.post('/api/app/v1/tokens', {
      name: 'replicas',
      scope: 'api',
      rateLimitPerMinute: 100_000,
    })
    const through = (server: Serving) =>
      startReplica({ url: server.url, apiToken: replicas.token as string })
    const [left, right, observer] = [
      await through(servers[0]!),
      await through(servers[1]!),
      await through(servers[1]!),
    ]
    const teamDb = await openDataDir(dirs[0]!, database.url)
    try {
      await makePeople(left, 'Left', 300)
      await makePeople(right, 'Right', 300)
      // The observer pulls round after round while both processes commit pushes and API writes:
      // a cursor moved past a change that commits later would never see it.
      let writing = true
      const watching = (async () => {
        let rounds = 0
        for (; writing; rounds++) await observer.sync()
        return rounds
      })()
      await Promise.all([
        left.sync(),
        right.sync(),
        ...Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? a : b).post('/api/v1/people', { fullName: `Through Api ${i}` }),
        ),
      ])
      writing = false
      expect(await watching).toBeGreaterThan(1)
      await observer.sync()
      const expected = await peopleOf(teamDb, left.tenantId)
      const names = new Set(expected.map((person) => person.fullName))
      for (const name of ['Left 300', 'Right 300', 'Through Api 39']) expect(names).toContain(name)
      expect(expected.length).toBeGreaterThanOrEqual(640)
      for (const replica of [observer, left, right]) {
        await replica.sync()
        expect(await peopleOf(replica.db, replica.tenantId)).toEqual(expected)
      }
    } finally {
      await teamDb.destroy()
      for (const replica of [left, right, observer]) await replica.close()
    }
  })

  it("stream to every server's SSE the changes made through the other", async () => {
    const stream = await openSse(`${servers[1]!.url}/api/v1/events/stream`, {
      authorization: `Bearer ${token}`,
    })
    try {
      expect(stream.status).toBe(200)
      const created = await a.post('/api/v1/people', { fullName: 'Seen by B' })
      for (;;) {
        const message = await stream.next(10_000)
        const event = JSON.parse(message.data)
        if (event.type === 'person.created' && event.data.object.id === created.body.id) break
      }
    } finally {
      stream.close()
    }
  })

  it('deliver each outbound event once, whichever server’s worker claims it', async () => {
    // A token of its own, its limit raised (made before the tests spent the shared token's
    // minute, 300 requests through both servers): a 429 here would make a person fewer.
    const [first, second] = servers.map((server) => caller(server.url, roomyToken))
    const subscription = await subscribe(first!, receiver.url, { eventTypes: ['person.created'] })
    expect(subscription.id).toBeDefined()
    const before = receiver.received.length
    await Promise.all(
      [first!, second!].map(async (server, n) => {
        for (let i = 0; i < 15; i++) await server.post('/api/v1/people', { fullName: `W${n}-${i}` })
      }),
    )
    await receiver.waitFor(before + 30)
    // Both workers poll every second: give a duplicate time to arrive.
    await sleep(2_500)
    const ids = receiver.received
      .slice(before)
      .map((request) => (JSON.parse(request.body) as { id: string }).id)
    expect(ids).toHaveLength(30)
    expect(new Set(ids).size).toBe(30)
    // Alone it takes 4 s; one run under the whole PostgreSQL suite's load went past 30 s.
  }, 90_000)
})
