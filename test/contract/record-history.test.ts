// A person's or deal's timeline outlives the event retention: the events pruned from the change
// feed stay in their records' history (src/server/timeline/history.ts), newest 200 a record, and
// go with the record when it is deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { feedCursor } from '../support/events'
import { createDeal, createPerson, firstLostReasonId, salesPipeline } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

const day = 24 * 60 * 60 * 1000
const clock = createTestClock('2026-06-01T12:00:00.000Z')
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ clock })
})
afterAll(() => server.close())

interface Line {
  id: string
  type: string
  tenantId: string
  createdAt: string
  actor: { kind: string; name?: string } | null
  data: {
    object: Record<string, unknown>
    previous?: Record<string, unknown>
    changes?: string[]
    tag?: string
  }
}

const timelineOf = async (kind: 'people' | 'deals' | 'companies', id: string) => {
  const { status, body } = await server.admin.get(`/api/app/v1/${kind}/${id}/events`)
  expect(status).toBe(200)
  return body.data as Line[]
}

const historyRows = async (resourceId: string) =>
  (
    await server.db
      .selectFrom('recordHistory')
      .select('seq')
      .where('resourceId', '=', resourceId)
      .execute()
  ).length

describe("a record's history past the event retention", () => {
  it('keeps what the timeline tells, in order, after the feed has pruned it', async () => {
    const start = await feedCursor(server.api)
    const company = (await server.admin.post('/api/app/v1/companies', { name: 'Old Mill' })).body
    const sales = await salesPipeline(server.admin)
    const person = await createPerson(server.api, {
      fullName: 'June Lead',
      primaryEmail: 'june@oldmill.test',
      companyId: company.id,
      tags: ['fair'],
    })
    await server.api.patch(`/api/v1/people/${person.id}`, { lifecycleStage: 'customer' })
    const deal = await createDeal(server.api, sales, {
      title: 'Mill order',
      primaryPersonId: person.id,
      primaryCompanyId: company.id,
    })
    const lost = await server.api.patch(`/api/v1/deals/${deal.id}`, {
      stageId: sales.lost.id,
      lostReasonId: await firstLostReasonId(server.admin),
    })
    expect(lost.status).toBe(200)
    const before = await timelineOf('people', person.id)
    const dealBefore = await timelineOf('deals', deal.id)
    const companyBefore = await timelineOf('companies', company.id)

    clock.advance(31 * day)
    expect(await server.eventPruner.runNow()).toBeGreaterThan(0)
    // Gone from the feed: the old cursor expires and the event is no longer found by id.
    expect((await server.api.get(`/api/v1/events?after=${start}`)).status).toBe(410)
    expect((await server.api.get(`/api/v1/events/${before[0]!.id}`)).status).toBe(404)

    // Still in the timelines, line for line: same ids, types, times, actors and what changed.
    const after = await timelineOf('people', person.id)
    const told = (lines: Line[]) =>
      lines.map((line) => ({
        id: line.id,
        type: line.type,
        tenantId: line.tenantId,
        createdAt: line.createdAt,
        actor: line.actor,
        changes: line.data.changes,
        previous: line.data.previous,
        tag: line.data.tag,
        name: line.data.object.fullName ?? line.data.object.title,
        changed: (line.data.changes ?? []).map((field) => line.data.object[field]),
        stage: line.data.object.stageId,
        lostReason: line.data.object.lostReasonId,
      }))
    expect(after.map((line) => line.type)).toEqual([
      'person.updated',
      'person.tag_added',
      'person.created',
    ])
    expect(told(after)).toEqual(told(before))
    expect(after[0]).toMatchObject({
      actor: { kind: 'token' },
      data: { changes: ['lifecycleStage'], previous: { lifecycleStage: null } },
    })
    // Kept small: the object holds the fields the change named and the record's name, no more.
    expect(Object.keys(after[0]!.data.object).sort()).toEqual(['fullName', 'lifecycleStage'])
    expect(told(await timelineOf('deals', deal.id))).toEqual(told(dealBefore))
    expect(told(await timelineOf('companies', company.id))).toEqual(told(companyBefore))

    // A change made now comes first, the history after it.
    await server.api.patch(`/api/v1/people/${person.id}`, { leadSource: 'referral' })
    const now = await timelineOf('people', person.id)
    expect(now.map((line) => line.type)).toEqual([
      'person.updated',
      'person.updated',
      'person.tag_added',
      'person.created',
    ])
    expect(now[0]!.data.changes).toEqual(['leadSource'])

    // Deleted, a person takes its history along; its deal keeps its own (and tells it lost its
    // person).
    expect(await historyRows(person.id)).toBe(3)
    expect((await server.api.delete(`/api/v1/people/${person.id}`)).status).toBe(204)
    expect(await historyRows(person.id)).toBe(0)
    const dealNow = await timelineOf('deals', deal.id)
    expect(dealNow[0]).toMatchObject({
      type: 'deal.updated',
      data: { changes: ['primaryPersonId'] },
    })
    expect(told(dealNow.slice(1))).toEqual(told(dealBefore))
  })

  it("keeps a record's newest 200 lines, all a timeline shows", async () => {
    const person = await createPerson(server.api, { fullName: 'Busy Record' })
    for (let n = 1; n <= 205; n++) {
      const changed = await server.api.patch(`/api/v1/people/${person.id}`, {
        leadSource: `round ${n}`,
      })
      expect(changed.status).toBe(200)
    }
    clock.advance(31 * day)
    await server.eventPruner.runNow()
    expect(await historyRows(person.id)).toBe(200)
    const lines = await timelineOf('people', person.id)
    expect(lines).toHaveLength(200)
    expect(lines[0]!.data.object.leadSource).toBe('round 205')
    expect(lines.at(-1)!.data.object.leadSource).toBe('round 6')
  })

  it('keeps an event without data, as the earliest databases hold, and goes on pruning', async () => {
    const person = await createPerson(server.api, { fullName: 'Stub Event' })
    const [created] = await timelineOf('people', person.id)
    const stub = JSON.stringify({ id: created!.id, type: 'person.created' })
    await server.db
      .updateTable('events')
      .set({ payload: stub })
      .where('id', '=', created!.id)
      .execute()
    await server.api.patch(`/api/v1/people/${person.id}`, { leadSource: 'fair' })
    clock.advance(31 * day)
    expect(await server.eventPruner.runNow()).toBe(2)
    expect(await historyRows(person.id)).toBe(2)
    const lines = await timelineOf('people', person.id)
    expect(lines.map((line) => line.id)).toContain(created!.id)
    expect(lines[0]!.data.changes).toEqual(['leadSource'])
  })
})
