// POST /api/v1/people/upsert (Outpost extension, docs/api-extensions.md): create or update a person
// by e-mail in one request, with the events POST or PATCH would emit, one person under a race.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { eventsOf, typesOf } from '../support/events'
import { createPerson } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

const clock = createTestClock()
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ clock })
})
afterAll(() => server.close())

const upsert = (body: unknown, headers: Record<string, string> = {}) =>
  server.api.request('POST', '/api/v1/people/upsert', body, headers)

const peopleWith = async (email: string) =>
  (await server.api.get(`/api/v1/people?email=${encodeURIComponent(email)}`)).body

describe('POST /api/v1/people/upsert', () => {
  it('creates the person when no one has the e-mail: 201, Location, person.created', async () => {
    let answer: any
    const events = await eventsOf(server.api, async () => {
      answer = await upsert({
        fullName: 'Nova Pessoa',
        primaryEmail: 'Nova@Example.com',
        tags: ['lead'],
      })
    })
    expect(answer.status).toBe(201)
    expect(answer.headers.get('location')).toBe(`/api/v1/people/${answer.body.id}`)
    expect(answer.body).toMatchObject({
      fullName: 'Nova Pessoa',
      primaryEmail: 'nova@example.com',
      tags: ['lead'],
    })
    expect(typesOf(events)).toEqual(['person.created', 'person.tag_added'])
    expect((await server.api.get(`/api/v1/people/${answer.body.id}`)).body).toEqual(answer.body)
  })

  it('updates the person holding the e-mail with the fields sent, as PATCH: 200, person.updated', async () => {
    const person = await createPerson(server.api, {
      fullName: 'Ana Antiga',
      primaryEmail: 'ana@example.com',
      leadSource: 'Fair',
      primaryPhone: '+5511912345678',
    })
    clock.advance(1000)
    let answer: any
    const events = await eventsOf(server.api, async () => {
      answer = await upsert({
        primaryEmail: ' ANA@example.com',
        lifecycleStage: 'customer',
        primaryPhone: null,
      })
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('location')).toBeNull()
    expect(answer.body).toMatchObject({
      id: person.id,
      fullName: 'Ana Antiga',
      leadSource: 'Fair',
      lifecycleStage: 'customer',
      primaryPhone: null,
      createdAt: person.createdAt,
      updatedAt: clock.now().toISOString(),
    })
    expect(typesOf(events)).toEqual(['person.updated'])
    expect(events[0].data.changes).toEqual(['primaryPhone', 'lifecycleStage'])
    expect((await peopleWith('ana@example.com')).total).toBe(1)
  })

  it('an upsert that changes nothing answers 200 and emits nothing', async () => {
    await upsert({ fullName: 'Same Same', primaryEmail: 'same@example.com' })
    const events = await eventsOf(server.api, async () => {
      const again = await upsert({ fullName: 'Same Same', primaryEmail: 'same@example.com' })
      expect(again.status).toBe(200)
    })
    expect(events).toEqual([])
  })

  it('concurrent upserts of one e-mail end as one person, never a 409 or 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        upsert({ fullName: `Racer ${index}`, primaryEmail: 'race@example.com' }),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201])
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1)
    const { total, data } = await peopleWith('race@example.com')
    expect(total).toBe(1)
    expect(data[0].fullName).toMatch(/^Racer \d$/)
  })

  it('creating without fullName is a 400 naming fullName; nothing is written', async () => {
    const { status, body } = await upsert({ primaryEmail: 'nameless@example.com' })
    expect(status).toBe(400)
    expect(body.error).toMatchObject({ code: 'invalid_request', details: { field: 'fullName' } })
    expect((await peopleWith('nameless@example.com')).total).toBe(0)
  })

  it('validates as POST does: e-mail required, fields checked, read-only fields refused', async () => {
    for (const [body, field] of [
      [{ fullName: 'No Mail' }, 'primaryEmail'],
      [{ fullName: 'Null Mail', primaryEmail: null }, 'primaryEmail'],
      [{ fullName: 'Bad', primaryEmail: 'not-an-address' }, 'primaryEmail'],
      [{ fullName: 'Bad', primaryEmail: 'a@b.com', lifecycleStage: 'king' }, 'lifecycleStage'],
      [{ fullName: 'Bad', primaryEmail: 'a@b.com', customFields: {} }, 'customFields'],
      [{ fullName: 'Bad', primaryEmail: 'a@b.com', id: 'x' }, 'id'],
    ] as const) {
      const answer = await upsert(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error.details.field).toBe(field)
    }
  })

  it('an unknown owner is a 422 naming ownerId, on create and on update', async () => {
    const owner = '00000000-0000-4000-8000-000000000000'
    const created = await upsert({ fullName: 'X', primaryEmail: 'x@example.com', ownerId: owner })
    expect(created.status).toBe(422)
    expect(created.body.error.details.field).toBe('ownerId')
    await upsert({ fullName: 'X', primaryEmail: 'x@example.com' })
    const updated = await upsert({ primaryEmail: 'x@example.com', ownerId: owner })
    expect(updated.status).toBe(422)
  })

  it('works with Idempotency-Key: a retry replays the first answer', async () => {
    const body = { fullName: 'Keyed Upsert', primaryEmail: 'keyed@example.com' }
    const first = await upsert(body, { 'Idempotency-Key': 'upsert-once' })
    expect(first.status).toBe(201)
    const again = await upsert(body, { 'Idempotency-Key': 'upsert-once' })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
  })

  it('is in the OpenAPI document as upsertPerson, marked as an extension', async () => {
    const { paths } = (await server.as(null).get('/api/v1/openapi.json')).body
    const operation = paths['/people/upsert'].post
    expect(operation.operationId).toBe('upsertPerson')
    expect(operation.description).toContain('Outpost extension, not part of the v1 contract')
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '422', '429']),
    )
  })
})
