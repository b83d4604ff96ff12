// Events are pruned once older than the workspace's retention window (30 days unless set), but
// never while a subscription has yet to deliver them; a feed cursor from before what was pruned
// answers 410 with how to start again, rather than silently skipping events.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inTransaction } from '../../src/server/db/connection'
import { createTestClock } from '../support/clock'
import { feedCursor, subscribe } from '../support/events'
import { createPerson } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'
import { openSse } from '../support/sse'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

const day = 24 * 60 * 60 * 1000
const clock = createTestClock('2026-11-01T12:00:00.000Z')
let server: TestServer
let failing: WebhookReceiver

beforeAll(async () => {
  server = await startTestServer({ clock })
  failing = await startWebhookReceiver(() => ({ status: 503 }))
})
afterAll(async () => {
  await failing.close()
  await server.close()
})

const feedFrom = (cursor: string) => server.api.get(`/api/v1/events?after=${cursor}`)
const namesIn = (body: { data: { data: { object: { fullName: string } } }[] }) =>
  body.data.map((event) => event.data.object.fullName)

describe('event retention', () => {
  it('is a workspace setting, 30 days unless changed, 1 to 3650', async () => {
    const before = await server.admin.get('/api/app/v1/workspace')
    expect(before.body.eventRetentionDays).toBe(30)
    for (const days of [0, 3651, 1.5, '7']) {
      const refused = await server.admin.patch('/api/app/v1/workspace', {
        eventRetentionDays: days,
      })
      expect(refused.status, String(days)).toBe(400)
      expect(refused.body.error.details.field).toBe('eventRetentionDays')
    }
    const changed = await server.admin.patch('/api/app/v1/workspace', { eventRetentionDays: 10 })
    expect(changed.body.eventRetentionDays).toBe(10)
    await server.admin.patch('/api/app/v1/workspace', { eventRetentionDays: 30 })
  })

  it('prunes settled old events, keeps undelivered ones, and answers 410 to older cursors', async () => {
    const start = await feedCursor(server.api)
    await createPerson(server.api, { fullName: 'Old and settled' })
    const afterOld = await feedCursor(server.api)
    // A subscription made now has settled every event so far; what follows it cannot deliver.
    const subscription = await subscribe(server.admin, failing.url)
    await createPerson(server.api, { fullName: 'Old, not delivered' })
    clock.advance(29 * day)
    expect(await server.eventPruner.runNow()).toBe(0)
    expect((await feedFrom(start)).status).toBe(200)

    clock.advance(2 * day)
    await createPerson(server.api, { fullName: 'Recent' })
    expect(await server.eventPruner.runNow()).toBe(1)

    const expired = await feedFrom(start)
    expect(expired.status).toBe(410)
    expect(expired.body.error).toMatchObject({
      code: 'cursor_expired',
      details: { field: 'after' },
    })
    expect(expired.body.error.message).toMatch(/resumeCursor/)
    const expiredStream = await server.api.request('GET', '/api/v1/events/stream', undefined, {
      'Last-Event-ID': start,
    })
    expect(expiredStream.status).toBe(410)
    expect(expiredStream.body.error.details.field).toBe('last-event-id')

    const kept = await feedFrom(afterOld)
    expect(kept.status).toBe(200)
    expect(namesIn(kept.body)).toEqual(['Old, not delivered', 'Recent'])
    const fromFirst = await server.api.get('/api/v1/events')
    expect(namesIn(fromFirst.body)).toEqual(['Old, not delivered', 'Recent'])
    // An empty `after` (a script's first run, before it has a cursor) is no cursor: it starts at
    // the first event kept, not before what was pruned. So on the stream, and an empty
    // Last-Event-ID is no id at all.
    const emptyAfter = await server.api.get('/api/v1/events?after=')
    expect(emptyAfter.status).toBe(200)
    expect(namesIn(emptyAfter.body)).toEqual(['Old, not delivered', 'Recent'])
    const stream = await openSse(`${server.url}/api/v1/events/stream?after=`, {
      Authorization: `Bearer ${server.apiToken}`,
      'Last-Event-ID': '',
    })
    try {
      expect(stream.status).toBe(200)
      expect(JSON.parse((await stream.next()).data).data.object.fullName).toBe('Old, not delivered')
    } finally {
      stream.close()
    }

    // Once no subscription waits for it, the old event goes too; the recent one stays.
    expect(
      (await server.admin.delete(`/api/app/v1/webhook-subscriptions/${subscription.id}`)).status,
    ).toBe(204)
    expect(await server.eventPruner.runNow()).toBe(1)
    expect((await feedFrom(afterOld)).status).toBe(410)
    expect(namesIn((await server.api.get('/api/v1/events')).body)).toEqual(['Recent'])

    // The cursor a 410 gives to resume from reads on from that moment: later changes only.
    const resumeCursor = expired.body.error.details.resumeCursor as string
    await createPerson(server.api, { fullName: 'After resynchronising' })
    const resumed = await feedFrom(resumeCursor)
    expect(resumed.status).toBe(200)
    expect(namesIn(resumed.body)).toEqual(['After resynchronising'])
  })

  it('answers requests while it prunes a large backlog', async () => {
    const { body: workspace } = await server.admin.get('/api/app/v1/workspace')
    const longAgo = new Date(clock.now().getTime() - 400 * day).toISOString()
    // As an earlier version, which kept every event, leaves them: many batches of the pruner's.
    const backlog = 30_000
    await inTransaction(server.db, async (trx) => {
      for (let at = 0; at < backlog; at += 1_000) {
        const events = Array.from({ length: 1_000 }, () => ({
          id: randomUUID(),
          tenantId: workspace.id as string,
          type: 'person.updated',
          resourceType: 'person',
          resourceId: randomUUID(),
          payload: '{}',
          createdAt: longAgo,
        }))
        await trx.insertInto('events').values(events).execute()
      }
    })
    let pruned = false
    const pruning = server.eventPruner.runNow().then((count) => {
      pruned = true
      return count
    })
    const answer = await server.api.get('/api/v1/people?pageSize=1')
    expect(answer.status).toBe(200)
    expect(pruned).toBe(false)
    expect(await pruning).toBe(backlog)
  })
})
