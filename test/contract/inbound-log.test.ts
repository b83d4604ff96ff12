import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { unknownId } from '../support/fixtures'
import { createInboundWebhook, deliver, fixtureJson, formData } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'
import { refuseInserts } from '../support/postgres'

const clock = createTestClock('2026-11-22T12:00:00.000Z')
let server: TestServer
const base = '/api/app/v1/inbound-webhooks'
const mapping = { fullName: '{{name}}', primaryEmail: '{{email}}', tags: '{{tags}}' }

beforeAll(async () => {
  server = await startTestServer({ clock })
})
afterAll(() => server.close())

const log = async (id: string, query = '') =>
  (await server.admin.get(`${base}/${id}/deliveries${query}`)).body

async function count(table: 'people' | 'events' | 'companies' | 'inboundDeliveries') {
  const row = await server.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return row.count
}

describe('the request log', () => {
  it('logs an unexpected failure as a 500 without its internals, as the sender is answered', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    const allow = await refuseInserts(server.db, 'people', 'disk on fire')
    try {
      const answer = await deliver(server, webhook.path, { name: 'Fails', email: 'fails@log.dev' })
      expect(answer.status).toBe(500)
      expect(answer.body).toEqual({
        error: { code: 'internal', message: 'Something went wrong on our side' },
      })
      const [entry] = (await log(webhook.id)).data
      expect(entry).toMatchObject({
        outcome: 'rejected',
        status: 500,
        response: answer.body,
        error: { code: 'internal' },
        personId: null,
      })
      expect(JSON.stringify(entry)).not.toContain('disk on fire')
    } finally {
      await allow()
    }
  })

  it('logs every delivery, newest first, with time, content type, body, outcome and the record it touched', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    clock.advance(1000)
    const created = await deliver(server, webhook.path, { name: 'Log One', email: 'one@log.dev' })
    clock.advance(1000)
    const updated = await deliver(
      server,
      webhook.path,
      'name=Log+One&email=one%40log.dev&tags[]=again',
      'application/x-www-form-urlencoded',
    )
    const page = await log(webhook.id)
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 2, hasMore: false })
    const [second, first] = page.data
    expect(first).toMatchObject({
      webhookId: webhook.id,
      receivedAt: '2026-11-22T12:00:01.000Z',
      contentType: 'application/json',
      body: JSON.stringify({ name: 'Log One', email: 'one@log.dev' }),
      outcome: 'created',
      status: 201,
      response: created.body,
      error: null,
      personId: created.body.personId,
      dealId: null,
      replayOf: null,
    })
    expect(first.bodySize).toBe(Buffer.byteLength(first.body))
    expect(second).toMatchObject({
      receivedAt: '2026-11-22T12:00:02.000Z',
      contentType: 'application/x-www-form-urlencoded',
      body: 'name=Log+One&email=one%40log.dev&tags[]=again',
      outcome: 'updated',
      status: 200,
      response: updated.body,
      personId: created.body.personId,
    })
  })

  it('logs a rejected delivery with why: the status and error it was answered', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    await deliver(server, webhook.path, { email: 'nameless@log.dev' })
    await deliver(server, webhook.path, '{"broken', 'application/json')
    await deliver(server, webhook.path, 'a,b', 'text/csv')
    const [csv, broken, nameless] = (await log(webhook.id)).data
    expect(nameless).toMatchObject({
      outcome: 'rejected',
      status: 422,
      error: { code: 'validation_error', details: { field: 'fullName' } },
      personId: null,
      body: '{"email":"nameless@log.dev"}',
    })
    expect(broken).toMatchObject({
      outcome: 'rejected',
      status: 400,
      error: { code: 'malformed_json' },
      body: '{"broken',
    })
    expect(csv).toMatchObject({ status: 415, contentType: 'text/csv', body: 'a,b' })
  })

  it('logs a body over the size limit without keeping it, announced or streamed', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    const big = 'x'.repeat(1024 * 1024 + 1)
    expect((await deliver(server, webhook.path, big, 'application/json')).status).toBe(413)
    const chunks = [new TextEncoder().encode(big.slice(0, 600_000)), new TextEncoder().encode(big)]
    const streamed = await fetch(server.url + webhook.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new ReadableStream({
        pull(controller) {
          const chunk = chunks.shift()
          if (chunk) controller.enqueue(chunk)
          else controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    const entries = (await log(webhook.id)).data
    expect(entries).toHaveLength(2)
    for (const entry of entries) {
      expect(entry).toMatchObject({ outcome: 'rejected', status: 413, body: null })
      expect(entry.bodySize).toBeGreaterThan(1024 * 1024)
    }
  })

  it('a disabled webhook answers 403 webhook_disabled and logs the delivery', async () => {
    const webhook = await createInboundWebhook(server, { mapping, enabled: false })
    const { status, body } = await deliver(server, webhook.path, { name: 'Paused' })
    expect(status).toBe(403)
    expect(body.error.code).toBe('webhook_disabled')
    expect((await log(webhook.id)).data[0]).toMatchObject({ outcome: 'rejected', status: 403 })
  })

  it('reads one delivery; 404 for an unknown one or one of another webhook', async () => {
    const one = await createInboundWebhook(server, { mapping })
    const two = await createInboundWebhook(server, { mapping })
    await deliver(server, one.path, { name: 'Only Here' })
    const [entry] = (await log(one.id)).data
    const { status, body } = await server.admin.get(`${base}/${one.id}/deliveries/${entry.id}`)
    expect(status).toBe(200)
    expect(body).toEqual(entry)
    expect((await server.admin.get(`${base}/${two.id}/deliveries/${entry.id}`)).status).toBe(404)
    expect((await server.admin.get(`${base}/${one.id}/deliveries/${unknownId}`)).status).toBe(404)
    expect((await server.admin.get(`${base}/${unknownId}/deliveries`)).status).toBe(404)
  })

  it('pages through the log with page and pageSize', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    for (let i = 0; i < 3; i += 1) await deliver(server, webhook.path, { name: `P${i}` })
    const page = await log(webhook.id, '?page=2&pageSize=2')
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 3, hasMore: false })
    expect(JSON.parse(page.data[0].body).name).toBe('P0')
    expect((await server.admin.get(`${base}/${webhook.id}/deliveries?pageSize=101`)).status).toBe(
      400,
    )
  })
})

describe('replaying a logged delivery', () => {
  it('a rejected delivery, replayed after the mapping is fixed, creates the person; the replay is logged pointing at the original', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: { fullName: '{{full_name}}', primaryEmail: '{{email}}' },
    })
    await deliver(server, webhook.path, { name: 'Late Fix', email: 'late@fix.dev' })
    const [rejected] = (await log(webhook.id)).data
    expect(rejected.status).toBe(422)
    await server.admin.patch(`${base}/${webhook.id}`, { mapping })
    const { status, headers, body } = await server.admin.post(
      `${base}/${webhook.id}/deliveries/${rejected.id}/replay`,
    )
    expect(status).toBe(201)
    expect(headers.get('location')).toBe(`${base}/${webhook.id}/deliveries/${body.id}`)
    expect(body).toMatchObject({
      outcome: 'created',
      status: 201,
      replayOf: rejected.id,
      body: rejected.body,
      contentType: 'application/json',
    })
    const person = (await server.api.get(`/api/v1/people/${body.personId}`)).body
    expect(person).toMatchObject({ fullName: 'Late Fix', primaryEmail: 'late@fix.dev' })
    expect((await log(webhook.id)).data[0].id).toBe(body.id)
  })

  it('replaying a delivery that created someone updates them: never a duplicate', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    const created = await deliver(server, webhook.path, { name: 'Twice', email: 'twice@log.dev' })
    const [entry] = (await log(webhook.id)).data
    const { body } = await server.admin.post(`${base}/${webhook.id}/deliveries/${entry.id}/replay`)
    expect(body).toMatchObject({
      outcome: 'updated',
      status: 200,
      personId: created.body.personId,
      response: { ok: true, personId: created.body.personId, updated: true },
    })
  })

  it('form bodies replay exactly as they first parsed: multipart included', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: { fullName: '{{form_fields.name}}', primaryEmail: '{{form_fields.email}}' },
    })
    const first = await deliver(server, webhook.path, formData(fixtureJson('elementor-form.json')))
    expect(first.status).toBe(201)
    const [entry] = (await log(webhook.id)).data
    expect(entry.contentType).toMatch(/^multipart\/form-data; boundary=/)
    const { body } = await server.admin.post(`${base}/${webhook.id}/deliveries/${entry.id}/replay`)
    expect(body).toMatchObject({ outcome: 'updated', personId: first.body.personId })
  })

  it('a delivery refused while the webhook was disabled can be replayed', async () => {
    const webhook = await createInboundWebhook(server, { mapping, enabled: false })
    await deliver(server, webhook.path, { name: 'Held Back', email: 'held@log.dev' })
    const [entry] = (await log(webhook.id)).data
    const { body } = await server.admin.post(`${base}/${webhook.id}/deliveries/${entry.id}/replay`)
    expect(body).toMatchObject({ outcome: 'created', status: 201, replayOf: entry.id })
  })

  it('409 not_replayable for a delivery whose body was over the limit and not kept', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    await deliver(server, webhook.path, 'x'.repeat(1024 * 1024 + 1), 'application/json')
    const [entry] = (await log(webhook.id)).data
    const { status, body } = await server.admin.post(
      `${base}/${webhook.id}/deliveries/${entry.id}/replay`,
    )
    expect(status).toBe(409)
    expect(body.error.code).toBe('not_replayable')
  })

  it('409 on a revoked webhook; its log stays readable', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    await deliver(server, webhook.path, { name: 'Before Revoke' })
    await server.admin.delete(`${base}/${webhook.id}`)
    const [entry] = (await log(webhook.id)).data
    const replay = await server.admin.post(`${base}/${webhook.id}/deliveries/${entry.id}/replay`)
    expect(replay.status).toBe(409)
    expect(replay.body.error.code).toBe('webhook_revoked')
  })
})

describe('pruning the log', () => {
  it('prunes deliveries older than 30 days', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    await deliver(server, webhook.path, { name: 'Old' })
    clock.advance(30 * 86_400_000 + 1)
    await deliver(server, webhook.path, { name: 'Recent' })
    const page = await log(webhook.id)
    expect(page.total).toBe(1)
    expect(JSON.parse(page.data[0].body).name).toBe('Recent')
  })

  it('keeps the newest 500 deliveries of each webhook', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    const other = await createInboundWebhook(server, { mapping })
    await deliver(server, other.path, { name: 'Elsewhere' })
    for (let i = 0; i < 505; i += 1) {
      // Stay under the rate limit of 300 a minute.
      if (i % 250 === 0) clock.advance(60_000)
      await deliver(server, webhook.path, { n: i })
    }
    const page = await log(webhook.id, '?pageSize=100&page=5')
    expect(page.total).toBe(500)
    expect(JSON.parse(page.data.at(-1).body)).toEqual({ n: 5 })
    expect((await log(other.id)).total).toBe(1)
  })

  it('keeps the bodies of each log within its bytes, dropping the oldest', async () => {
    const webhook = await createInboundWebhook(server, { mapping, logMaxBytes: 65_536 })
    clock.advance(60_000)
    // About 20,000 bytes each, kept whole (a rejected delivery keeps only its start): three fit
    // in 64 KiB, four do not.
    for (let n = 0; n < 5; n += 1) {
      await deliver(server, webhook.path, { name: `Big ${n}`, n, pad: 'x'.repeat(20_000) })
    }
    const page = await log(webhook.id)
    expect(page.total).toBe(3)
    expect(page.data.map((entry: { body: string }) => JSON.parse(entry.body).n)).toEqual([4, 3, 2])
  })

  it('applies a lowered bound on requests from the next delivery', async () => {
    const webhook = await createInboundWebhook(server, { mapping, logMaxRequests: 12 })
    clock.advance(60_000)
    for (let n = 0; n < 12; n += 1) await deliver(server, webhook.path, { n })
    expect((await log(webhook.id)).total).toBe(12)
    const lowered = await server.admin.patch(`${base}/${webhook.id}`, { logMaxRequests: 10 })
    expect(lowered.status).toBe(200)
    await deliver(server, webhook.path, { n: 12 })
    const page = await log(webhook.id)
    expect(page.total).toBe(10)
    expect(JSON.parse(page.data.at(-1).body)).toEqual({ n: 3 })
  })

  it('keeps the totals the bounds read equal to the log, whichever way deliveries go', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    await deliver(server, webhook.path, { name: 'Aging' })
    clock.advance(30 * 86_400_000 + 1)
    // Pruned by age when another webhook's delivery comes.
    const other = await createInboundWebhook(server, { mapping })
    await deliver(server, other.path, { name: 'Fresh' })
    const totals = await server.db
      .selectFrom('inboundLogTotals')
      .select(['webhookId', 'requests', 'keptBytes'])
      .orderBy('webhookId')
      .execute()
    const counted = await server.db
      .selectFrom('inboundDeliveries')
      .select((eb) => [
        'webhookId',
        eb.fn.countAll<number>().as('requests'),
        eb.fn.sum<number>('keptBytes').as('keptBytes'),
      ])
      .groupBy('webhookId')
      .orderBy('webhookId')
      .execute()
    const asNumbers = (rows: { webhookId: string; requests: unknown; keptBytes: unknown }[]) =>
      rows
        .filter((row) => Number(row.requests) > 0)
        .map((row) => ({
          ...row,
          requests: Number(row.requests),
          keptBytes: Number(row.keptBytes),
        }))
    expect(asNumbers(totals)).toEqual(asNumbers(counted))
    expect(totals.find((row) => row.webhookId === webhook.id)?.requests).toBe(0)
  })
})

describe('dry runs', () => {
  it('?dryRun=1 returns the mapped record and the dedupe decision, and writes nothing at all', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: { ...mapping, primaryPhone: '{{phone}}', 'customFields.plan': '{{plan}}' },
      actions: { addTags: ['inbound'] },
    })
    const before = await Promise.all([
      count('people'),
      count('events'),
      count('companies'),
      count('inboundDeliveries'),
    ])
    const { status, body } = await deliver(server, `${webhook.path}?dryRun=1`, {
      name: 'Dry Run',
      email: 'Dry@Run-Company.dev',
      phone: '(11) 91234-5678',
      plan: 'pro',
      tags: 'a',
    })
    expect(status).toBe(200)
    expect(body).toEqual({
      ok: true,
      dryRun: true,
      status: 201,
      outcome: 'created',
      record: {
        person: {
          fullName: 'Dry Run',
          primaryEmail: 'dry@run-company.dev',
          primaryPhone: '+5511912345678',
          tags: ['a', 'inbound'],
          customFields: { plan: 'pro' },
        },
        deal: null,
      },
      dedupe: { strategy: 'email', decision: 'create', personId: null, matchedOn: null },
      company: { domain: 'run-company.dev', companyId: null, decision: 'create' },
    })
    const after = await Promise.all([
      count('people'),
      count('events'),
      count('companies'),
      count('inboundDeliveries'),
    ])
    expect(after).toEqual(before)
  })

  it('a dry run for a known e-mail says it would update that person', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    const real = await deliver(server, webhook.path, { name: 'Known', email: 'known@dry.dev' })
    const { body } = await deliver(server, `${webhook.path}?dryRun=true`, {
      name: 'Known Again',
      email: 'known@dry.dev',
    })
    expect(body).toMatchObject({
      status: 200,
      outcome: 'updated',
      dedupe: {
        strategy: 'email',
        decision: 'update',
        personId: real.body.personId,
        matchedOn: ['primaryEmail'],
      },
      company: null,
    })
  })

  it('a dry run fails where the delivery would, and logs nothing', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    const { status, body } = await deliver(server, `${webhook.path}?dryRun=1`, { email: 'x@y.dev' })
    expect(status).toBe(422)
    expect(body.error.details.field).toBe('fullName')
    expect((await log(webhook.id)).total).toBe(0)
  })

  it('a dryRun it cannot read is refused, never taken for a real delivery', async () => {
    const webhook = await createInboundWebhook(server, { mapping })
    const people = await count('people')
    for (const query of ['dryRun=yes', 'dryRun', 'dryRun=', 'dryRun=1&dryRun=0']) {
      const { status, body } = await deliver(server, `${webhook.path}?${query}`, { name: 'Typo' })
      expect(status, query).toBe(400)
      expect(body.error.details.field).toBe('dryRun')
    }
    expect((await deliver(server, `${webhook.path}?dryRun=TRUE`, { name: 'Dry' })).status).toBe(200)
    expect(await count('people')).toBe(people)
    expect((await log(webhook.id)).total).toBe(0)
    // dryRun=0 asks for the real thing.
    expect((await deliver(server, `${webhook.path}?dryRun=0`, { name: 'Real' })).status).toBe(201)
    expect(await count('people')).toBe(people + 1)
  })

  it('a dry run hands out no owner: round-robin stays where it was', async () => {
    const users = await Promise.all(
      ['Dry A', 'Dry B'].map(
        async (name) => (await server.admin.post('/api/app/v1/users', { name })).body.id,
      ),
    )
    const webhook = await createInboundWebhook(server, {
      mapping,
      actions: { assignOwner: { userIds: users } },
    })
    await deliver(server, `${webhook.path}?dryRun=1`, { name: 'Dry' })
    const { body } = await deliver(server, webhook.path, { name: 'Real' })
    expect((await server.api.get(`/api/v1/people/${body.personId}`)).body.ownerId).toBe(users[0])
  })

  it('the management API tries a payload the same way, even on a disabled webhook', async () => {
    const webhook = await createInboundWebhook(server, { mapping, enabled: false })
    const { status, body } = await server.admin.post(`${base}/${webhook.id}/dry-run`, {
      payload: { name: 'From The UI', email: 'ui@gmail.com' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      dryRun: true,
      status: 201,
      record: { person: { fullName: 'From The UI', primaryEmail: 'ui@gmail.com' } },
      company: null,
    })
    const bad = await server.admin.post(`${base}/${webhook.id}/dry-run`, { payload: [] })
    expect(bad.status).toBe(400)
  })
})
