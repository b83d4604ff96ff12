// Idempotency-Key on the REST API's writes, with Stripe's semantics: a retry gets the first answer
// back for 24 hours, never a second record; concurrent duplicates wait for the first; a key
// reused for another request is refused.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { salesPipeline, unknownId, type PipelineInfo } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

const clock = createTestClock()
let server: TestServer
let sales: PipelineInfo

beforeAll(async () => {
  server = await startTestServer({ clock })
  sales = await salesPipeline(server.admin)
})
afterAll(() => server.close())

const post = (path: string, body: unknown, key: string) =>
  server.api.request('POST', path, body, { 'Idempotency-Key': key })

const peopleNamed = async (fullName: string) =>
  (await server.api.get('/api/v1/people?pageSize=100')).body.data.filter(
    (person: { fullName: string }) => person.fullName === fullName,
  )

describe('Idempotency-Key on /api/v1 writes', () => {
  it('a retry gets the first answer back, marked as a replay, and creates nothing more', async () => {
    const first = await post('/api/v1/people', { fullName: 'Retry Once' }, 'key-retry-once')
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const again = await post('/api/v1/people', { fullName: 'Retry Once' }, 'key-retry-once')
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.headers.get('location')).toBe(first.headers.get('location'))
    expect(again.body).toEqual(first.body)
    expect(await peopleNamed('Retry Once')).toHaveLength(1)
  })

  it('a retry that writes the same body another way (key order, spacing) is the same request', async () => {
    const send = (text: string) =>
      fetch(`${server.url}/api/v1/people`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${server.apiToken}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': 'key-reordered',
        },
        body: text,
      })
    const first = await send('{"fullName":"Reordered","tags":["a"],"leadSource":"site"}')
    expect(first.status).toBe(201)
    const again = await send('{ "leadSource": "site", "tags": ["a"], "fullName": "Reordered" }')
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true'])
    expect(await peopleNamed('Reordered')).toHaveLength(1)
  })

  it('concurrent duplicates wait for the first and all get its answer: one record, one event', async () => {
    const { body: before } = await server.api.get('/api/v1/events?limit=1000')
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/api/v1/people', { fullName: 'Many At Once', tags: ['a', 'b'] }, 'key-storm'),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201))
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1)
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed'))).toHaveLength(7)
    expect(await peopleNamed('Many At Once')).toHaveLength(1)
    const { body: after } = await server.api.get(
      `/api/v1/events?limit=1000&after=${before.nextCursor}`,
    )
    const created = after.data.filter(
      (event: any) =>
        event.type === 'person.created' && event.data.object.fullName === 'Many At Once',
    )
    expect(created).toHaveLength(1)
  })

  it('the same key for another request is a 422 naming the header; the first stands', async () => {
    await post('/api/v1/people', { fullName: 'Keyed First' }, 'key-reused')
    const other = await post('/api/v1/people', { fullName: 'Keyed Second' }, 'key-reused')
    expect(other.status).toBe(422)
    expect(other.body.error).toMatchObject({
      code: 'idempotency_key_reused',
      details: { field: 'Idempotency-Key' },
    })
    expect(await peopleNamed('Keyed Second')).toHaveLength(0)
    const elsewhere = await post('/api/v1/deals', { title: 'x' }, 'key-reused')
    expect(elsewhere.status).toBe(422)
  })

  it('keeps a refusal the write made (422), but not one made before it ran (400)', async () => {
    const body = { title: 'Wrong stage', value: 1, pipelineId: sales.id, stageId: unknownId }
    const refused = await post('/api/v1/deals', body, 'key-refused')
    expect(refused.status).toBe(422)
    const replayed = await post('/api/v1/deals', body, 'key-refused')
    expect(replayed.status).toBe(422)
    expect(replayed.headers.get('idempotent-replayed')).toBe('true')

    const invalid = await post('/api/v1/people', { fullName: '' }, 'key-fixed-later')
    expect(invalid.status).toBe(400)
    // Nothing ran, so nothing was kept: the corrected request runs under the same key.
    const fixed = await post('/api/v1/people', { fullName: 'Fixed Later' }, 'key-fixed-later')
    expect(fixed.status).toBe(201)
  })

  it('works for PATCH, and a key lives 24 hours', async () => {
    const { body: person } = await server.api.post('/api/v1/people', { fullName: 'Patched' })
    const patch = (leadSource: string) =>
      server.api.request(
        'PATCH',
        `/api/v1/people/${person.id}`,
        { leadSource },
        { 'Idempotency-Key': 'key-patch' },
      )
    expect((await patch('fair')).status).toBe(200)
    expect((await patch('fair')).headers.get('idempotent-replayed')).toBe('true')
    clock.advance(24 * 60 * 60 * 1000 + 1000)
    const later = await patch('fair')
    expect(later.status).toBe(200)
    expect(later.headers.get('idempotent-replayed')).toBeNull()
  })

  it('without a key every request runs; a malformed key is a 400 naming the header', async () => {
    await server.api.post('/api/v1/people', { fullName: 'No Key' })
    await server.api.post('/api/v1/people', { fullName: 'No Key' })
    expect(await peopleNamed('No Key')).toHaveLength(2)
    const long = await post('/api/v1/people', { fullName: 'Long Key' }, 'k'.repeat(256))
    expect(long.status).toBe(400)
    expect(long.body.error.details.field).toBe('Idempotency-Key')
  })
})
