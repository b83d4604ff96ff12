import { readFileSync } from 'node:fs'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventPayloads, eventTypes, type EventPayloadKind } from '../../src/shared/events'
import { createTestClock } from '../support/clock'
import { eventsOf } from '../support/events'
import {
  createDeal,
  createPerson,
  firstLostReasonId,
  salesPipeline,
  type PipelineInfo,
} from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
let pipeline: PipelineInfo
// Every event of a tour of the operations that emit events: each type at least once, and each
// change event both from an update and (where one exists) from a creation.
let events: any[] = []

const fieldsOfKind: Record<EventPayloadKind, string[]> = {
  snapshot: ['object'],
  change: ['object', 'previous', 'changes'],
  tag: ['object', 'previous', 'changes', 'tag'],
}

// 12:00 UTC, in a workspace on UTC: the tour's reminder is due within the hour.
const clock = createTestClock('2026-11-25T12:00:00.000Z')

beforeAll(async () => {
  server = await startTestServer({ clock })
  await server.admin.patch('/api/app/v1/workspace', { timeZone: 'UTC' })
  pipeline = await salesPipeline(server.admin)
  const lostReasonId = await firstLostReasonId(server.admin)
  const api = server.api
  events = await eventsOf(api, async () => {
    const person = await createPerson(api, { fullName: 'Tour', tags: ['vip'] })
    await api.patch(`/api/v1/people/${person.id}`, { fullName: 'Tour Renamed' })
    await api.patch(`/api/v1/people/${person.id}`, { tags: ['vip', 'b2b'] })
    const deal = await createDeal(api, pipeline, { primaryPersonId: person.id })
    await api.patch(`/api/v1/deals/${deal.id}`, { value: 2000 })
    await api.patch(`/api/v1/deals/${deal.id}`, { stageId: pipeline.won.id })
    await api.patch(`/api/v1/deals/${deal.id}`, { stageId: pipeline.open.id })
    await api.patch(`/api/v1/deals/${deal.id}`, { stageId: pipeline.lost.id, lostReasonId })
    await createDeal(api, pipeline, { stageId: pipeline.won.id })
    await createDeal(api, pipeline, { stageId: pipeline.lost.id, lostReasonId })
    const activity = await api.post('/api/v1/activities', {
      subject: 'Tour call',
      dueDate: '2026-11-25',
      dueTime: '13:00',
      reminderMinutes: 120,
      dealId: deal.id,
    })
    await server.reminders.runNow()
    await api.patch(`/api/v1/activities/${activity.body.id}`, { subject: 'Tour call, moved' })
    await api.patch(`/api/v1/activities/${activity.body.id}`, { done: true })
    await api.delete(`/api/v1/activities/${activity.body.id}`)
    const note = await api.post('/api/v1/notes', { body: 'Tour note', personId: person.id })
    await api.patch(`/api/v1/notes/${note.body.id}`, { pinned: true })
    await api.delete(`/api/v1/notes/${note.body.id}`)
    await api.delete(`/api/v1/deals/${deal.id}`)
    await api.delete(`/api/v1/people/${person.id}`)
    const company = await server.admin.post('/api/app/v1/companies', { name: 'Tour Co' })
    await server.admin.patch(`/api/app/v1/companies/${company.body.id}`, { domain: 'tour.test' })
    await server.admin.delete(`/api/app/v1/companies/${company.body.id}`)
    const view = await server.admin.post('/api/app/v1/saved-views', {
      resource: 'deals',
      name: 'Tour view',
      query: 'status=open',
    })
    await server.admin.patch(`/api/app/v1/saved-views/${view.body.id}`, { query: 'status=won' })
    await server.admin.delete(`/api/app/v1/saved-views/${view.body.id}`)
  })
})
afterAll(() => server.close())

describe('event payloads', () => {
  it('the tour emits every event type there is (a new type needs a step here)', () => {
    expect([...new Set(events.map((event) => event.type))].sort()).toEqual([...eventTypes].sort())
  })

  it('every event is valid against the OpenAPI document: the feed’s Event and its type’s webhook', async () => {
    const document = (await server.as(null).get('/api/v1/openapi.json')).body
    // OpenAPI 3.1's schemas are JSON Schema 2020-12, with `example` as an annotation.
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(ajv)
    ajv.addSchema(document, 'rest')
    const feedEvent = ajv.getSchema('rest#/components/schemas/Event')!
    for (const event of events) {
      expect(feedEvent(event), `${event.type}: ${ajv.errorsText(feedEvent.errors)}`).toBe(true)
      const delivered = ajv.compile({
        $ref: `rest#/webhooks/${event.type}/post/requestBody/content/application~1json/schema`,
      })
      expect(delivered(event), `${event.type}: ${ajv.errorsText(delivered.errors)}`).toBe(true)
    }
  })

  it.each([...eventTypes])('%s carries the data its kind promises', (type) => {
    const kind = eventPayloads[type]
    const ofType = events.filter((event) => event.type === type)
    expect(ofType.length).toBeGreaterThan(0)
    for (const { data } of ofType) {
      expect(Object.keys(data).sort()).toEqual([...fieldsOfKind[kind]].sort())
      if (kind === 'snapshot') continue
      // What changed, and what each changed field was before: a real difference, field by field.
      expect(data.changes.length).toBeGreaterThan(0)
      expect(Object.keys(data.previous).sort()).toEqual([...data.changes].sort())
      for (const field of data.changes) {
        expect(data.object).toHaveProperty(field)
        expect(data.previous[field]).not.toEqual(data.object[field])
      }
      if (kind === 'tag') {
        expect(data.changes).toContain('tags')
        expect(data.object.tags).toContain(data.tag)
        expect(data.previous.tags).not.toContain(data.tag)
      }
    }
  })

  it('person.tag_added carries the same previous and changes as the person.updated beside it', () => {
    const updated = events.filter((event) => event.type === 'person.updated')
    const tagged = events.filter((event) => event.type === 'person.tag_added')
    const fromUpdate = tagged.find((event) => event.data.tag === 'b2b')
    expect(fromUpdate.data.previous).toEqual({ tags: ['vip'] })
    expect(fromUpdate.data.changes).toEqual(['tags'])
    expect(updated.at(-1).data).toEqual({ ...fromUpdate.data, tag: undefined })
    // At creation there was no earlier version: the tags were empty before.
    const fromCreation = tagged.find((event) => event.data.tag === 'vip')
    expect(fromCreation.data).toMatchObject({ previous: { tags: [] }, changes: ['tags'] })
  })

  it('deal.won and deal.lost at creation say the stage fields came from nothing', () => {
    const created = events.filter(
      (event) =>
        (event.type === 'deal.won' || event.type === 'deal.lost') &&
        event.data.previous.stageId === null,
    )
    expect(created.map((event) => event.type)).toEqual(['deal.won', 'deal.lost'])
    expect(created[0].data.changes).toEqual(['stageId', 'closedAt'])
    expect(created[1].data.changes).toEqual(['stageId', 'closedAt', 'lostReasonId'])
  })

  it('docs/events.md states the payload of every event type as the code does', () => {
    const docs = readFileSync(new URL('../../docs/events.md', import.meta.url), 'utf8')
    const section = docs.slice(docs.indexOf('### Payload of each type'))
    for (const type of eventTypes) {
      const row = section.split('\n').find((line) => line.startsWith(`| \`${type}\``))
      expect(row, `docs/events.md has no payload row for ${type}`).toBeDefined()
      const listed = row!
        .split('|')[2]!
        .match(/`([a-z]+)`/g)!
        .map((name) => name.slice(1, -1))
      expect(listed, type).toEqual(fieldsOfKind[eventPayloads[type]])
    }
  })
})
