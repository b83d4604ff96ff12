import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPipeline, createUser, salesPipeline, unknownId } from '../support/fixtures'
import { createInboundWebhook, deliver } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
const base = '/api/app/v1/inbound-webhooks'
const personMapping = { fullName: '{{name}}', primaryEmail: '{{email}}' }

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('creating an inbound webhook', () => {
  it('201: returns the settings, a Location, and its token and URL {base_url}/webhooks/in/<token>', async () => {
    const { status, headers, body } = await server.admin.post(base, {
      name: 'Site contact form',
      mapping: personMapping,
    })
    expect(status).toBe(201)
    expect(headers.get('location')).toBe(`${base}/${body.id}`)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body).toMatchObject({
      name: 'Site contact form',
      objectType: 'person',
      mapping: personMapping,
      dedupe: { strategy: 'email', fields: [] },
      defaultCountry: 'BR',
      actions: { assignOwner: null, addTags: [], createDeal: null },
      enabled: true,
      revokedAt: null,
      rotatedAt: null,
    })
    expect(body.path).toBe(`/webhooks/in/${body.token}`)
    expect(body.url).toBe(`${server.url}/webhooks/in/${body.token}`)
    expect(body.tokenPrefix).toBe(body.token.slice(0, 9))
  })

  it('the token carries at least 128 bits of randomness: 32 random bytes in base64url', async () => {
    const tokens = new Set<string>()
    for (let i = 0; i < 5; i += 1) {
      const { token } = await createInboundWebhook(server, { mapping: personMapping })
      expect(token).toMatch(/^in_[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(token.slice(3), 'base64url')).toHaveLength(32)
      tokens.add(token)
    }
    expect(tokens.size).toBe(5)
  })

  it('the token is stored only as its SHA-256, never in the clear', async () => {
    const { id, token } = await createInboundWebhook(server, { mapping: personMapping })
    const row = await server.db
      .selectFrom('inboundWebhooks')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token.slice(9))
  })

  it('stores the dedupe strategy, country and post-receipt actions as given', async () => {
    const [ana, bia] = [
      await createUser(server.admin, 'Ana'),
      await createUser(server.admin, 'Bia'),
    ]
    const pipeline = await salesPipeline(server.admin)
    const body = await createInboundWebhook(server, {
      name: 'Ads',
      mapping: { ...personMapping, primaryPhone: '{{phone}}' },
      dedupe: { strategy: 'composite', fields: ['fullName', 'primaryPhone'] },
      defaultCountry: 'pt',
      enabled: false,
      actions: {
        assignOwner: { userIds: [ana, bia] },
        addTags: ['ads', 'inbound'],
        createDeal: {
          pipelineId: pipeline.id,
          stageId: pipeline.open.id,
          title: 'Lead: {{name}}',
          value: '{{budget}}',
          currency: 'usd',
        },
      },
    })
    expect(body).toMatchObject({
      dedupe: { strategy: 'composite', fields: ['fullName', 'primaryPhone'] },
      defaultCountry: 'PT',
      enabled: false,
      actions: {
        assignOwner: { userIds: [ana, bia] },
        addTags: ['ads', 'inbound'],
        createDeal: { title: 'Lead: {{name}}', value: '{{budget}}', currency: 'USD' },
      },
    })
  })

  it('400 naming the field when the mapping names a field Outpost does not have', async () => {
    const { status, body } = await server.admin.post(base, {
      name: 'x',
      mapping: { nickname: '{{n}}' },
    })
    expect(status).toBe(400)
    expect(body.error).toMatchObject({
      code: 'invalid_request',
      details: { field: 'mapping.nickname' },
    })
  })

  it('400 naming the field when a template is malformed', async () => {
    const { status, body } = await server.admin.post(base, {
      name: 'x',
      mapping: { fullName: '{{first_name} {{last_name}}' },
    })
    expect(status).toBe(400)
    expect(body.error.details.field).toBe('mapping.fullName')
  })

  it('400: composite needs its fields, each of them mapped; other strategies take none', async () => {
    const cases: [unknown, string][] = [
      [{ strategy: 'composite' }, 'dedupe.fields'],
      [{ strategy: 'composite', fields: ['fullName', 'primaryPhone'] }, 'dedupe.fields[1]'],
      [{ strategy: 'composite', fields: ['ownerId'] }, 'dedupe.fields[0]'],
      [{ strategy: 'email', fields: ['fullName'] }, 'dedupe.fields'],
      [{ strategy: 'fuzzy' }, 'dedupe.strategy'],
    ]
    for (const [dedupe, field] of cases) {
      const { status, body } = await server.admin.post(base, {
        name: 'x',
        mapping: personMapping,
        dedupe,
      })
      expect({ status, field: body.error.details.field }).toEqual({ status: 400, field })
    }
  })

  it('400: a deal webhook must map title, pipelineId and stageId, and cannot create deals as an action', async () => {
    const pipeline = await salesPipeline(server.admin)
    const missing = await server.admin.post(base, {
      name: 'x',
      objectType: 'deal',
      mapping: { title: '{{t}}', pipelineId: pipeline.id },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.error.details.field).toBe('mapping.stageId')
    const action = await server.admin.post(base, {
      name: 'x',
      objectType: 'deal',
      mapping: { title: '{{t}}', pipelineId: pipeline.id, stageId: pipeline.open.id },
      actions: {
        createDeal: { pipelineId: pipeline.id, stageId: pipeline.open.id, title: 'x' },
      },
    })
    expect(action.status).toBe(400)
    expect(action.body.error.details.field).toBe('actions.createDeal')
  })

  it('400: an unknown default country', async () => {
    const { status, body } = await server.admin.post(base, {
      name: 'x',
      mapping: personMapping,
      defaultCountry: 'XX',
    })
    expect(status).toBe(400)
    expect(body.error.details.field).toBe('defaultCountry')
  })

  it('422 invalid_reference for owners, pipelines and stages that are not in the workspace, stage_not_in_pipeline for a stage of another', async () => {
    const sales = await salesPipeline(server.admin)
    const other = await createPipeline(server.admin, 'Partners')
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { assignOwner: { userIds: [unknownId] } },
        'actions.assignOwner.userIds[0]',
        'invalid_reference',
      ],
      [
        { createDeal: { pipelineId: unknownId, stageId: sales.open.id, title: 'x' } },
        'actions.createDeal.pipelineId',
        'invalid_reference',
      ],
      [
        { createDeal: { pipelineId: sales.id, stageId: other.open.id, title: 'x' } },
        'actions.createDeal.stageId',
        'stage_not_in_pipeline',
      ],
      [
        { createDeal: { pipelineId: sales.id, stageId: sales.lost.id, title: 'x' } },
        'actions.createDeal.stageId',
        'invalid_reference',
      ],
    ]
    for (const [actions, field, code] of cases) {
      const { status, body } = await server.admin.post(base, {
        name: 'x',
        mapping: personMapping,
        actions,
      })
      expect({ status, code: body.error.code, field: body.error.details.field }).toEqual({
        status: 422,
        code,
        field,
      })
    }
    const { status, body } = await server.admin.post(base, {
      name: 'x',
      mapping: { ...personMapping, ownerId: unknownId },
    })
    expect(status).toBe(422)
    expect(body.error.details.field).toBe('mapping.ownerId')
  })

  it('403: only admin tokens manage inbound webhooks', async () => {
    const { status } = await server.as(server.apiToken).post(base, {
      name: 'x',
      mapping: personMapping,
    })
    expect(status).toBe(403)
  })
})

describe('listing and reading inbound webhooks', () => {
  it('lists newest first in the list envelope, and never shows a token or URL', async () => {
    const first = await createInboundWebhook(server, { name: 'First', mapping: personMapping })
    const second = await createInboundWebhook(server, { name: 'Second', mapping: personMapping })
    const { status, body, text } = await server.admin.get(`${base}?pageSize=100`)
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(['data', 'hasMore', 'page', 'pageSize', 'total'])
    const ids = body.data.map((item: any) => item.id)
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id))
    expect(text).not.toContain(first.token)
    expect(body.data[0]).not.toHaveProperty('token')
    expect(body.data[0]).not.toHaveProperty('url')
  })

  it('gets one by id, without its token; 404 for an unknown id', async () => {
    const created = await createInboundWebhook(server, { mapping: personMapping })
    const { status, body, text } = await server.admin.get(`${base}/${created.id}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: created.id, tokenPrefix: created.tokenPrefix })
    expect(text).not.toContain(created.token)
    expect((await server.admin.get(`${base}/${unknownId}`)).status).toBe(404)
  })

  it("another workspace's admin cannot see or change it: 404", async () => {
    const created = await createInboundWebhook(server, { mapping: personMapping })
    const other = await server.otherWorkspace('Inbound isolation')
    expect((await other.admin.get(`${base}/${created.id}`)).status).toBe(404)
    expect((await other.admin.patch(`${base}/${created.id}`, { name: 'mine' })).status).toBe(404)
    expect((await other.admin.delete(`${base}/${created.id}`)).status).toBe(404)
  })
})

describe('updating, rotating and revoking', () => {
  it('PATCH changes the settings sent, keeps the others and the URL', async () => {
    const created = await createInboundWebhook(server, { mapping: personMapping })
    const before = await deliver(server, created.path, { name: 'Before', email: 'b-p@example.com' })
    expect(before.status).toBe(201)
    const { status, body } = await server.admin.patch(`${base}/${created.id}`, {
      name: 'Renamed',
      mapping: { ...personMapping, leadSource: 'website' },
      dedupe: { strategy: 'none' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      name: 'Renamed',
      mapping: { ...personMapping, leadSource: 'website' },
      dedupe: { strategy: 'none', fields: [] },
      defaultCountry: 'BR',
      enabled: true,
    })
    const delivery = await deliver(server, created.path, {
      name: 'After Patch',
      email: 'after-patch@example.com',
    })
    expect(delivery.status).toBe(201)
    // The next delivery maps with the new settings.
    const person = await server.admin.get(`/api/v1/people/${delivery.body.personId}`)
    expect(person.body.leadSource).toBe('website')
  })

  it('PATCH validates the settings as a whole: 400 when the result is not a valid webhook', async () => {
    const created = await createInboundWebhook(server, { mapping: personMapping })
    const { status, body } = await server.admin.patch(`${base}/${created.id}`, {
      objectType: 'deal',
    })
    expect(status).toBe(400)
    expect(body.error.details.field).toBe('mapping.title')
  })

  it('rotating gives a new URL that works, and the old one answers 404 at once', async () => {
    const created = await createInboundWebhook(server, { mapping: personMapping })
    expect((await deliver(server, created.path, { name: 'In Use' })).status).toBe(201)
    const { status, body } = await server.admin.post(`${base}/${created.id}/rotate`)
    expect(status).toBe(200)
    expect(body.token).toMatch(/^in_[A-Za-z0-9_-]{43}$/)
    expect(body.token).not.toBe(created.token)
    expect(body.url).toBe(`${server.url}/webhooks/in/${body.token}`)
    expect(body.rotatedAt).not.toBeNull()
    const old = await deliver(server, created.path, { name: 'Old', email: 'old-url@example.com' })
    expect(old.status).toBe(404)
    expect(old.body.error.code).toBe('not_found')
    const fresh = await deliver(server, body.path, { name: 'New', email: 'new-url@example.com' })
    expect(fresh.status).toBe(201)
  })

  it('revoking: 204, the URL answers 404 at once, and the webhook stays listed as revoked', async () => {
    const created = await createInboundWebhook(server, { mapping: personMapping })
    expect((await deliver(server, created.path, { name: 'In Use' })).status).toBe(201)
    expect((await server.admin.delete(`${base}/${created.id}`)).status).toBe(204)
    const delivery = await deliver(server, created.path, {
      name: 'X',
      email: 'x-revoked@example.com',
    })
    expect(delivery.status).toBe(404)
    expect(delivery.body.error.code).toBe('not_found')
    const { body } = await server.admin.get(`${base}/${created.id}`)
    expect(body.revokedAt).not.toBeNull()
    expect((await server.admin.delete(`${base}/${created.id}`)).status).toBe(204)
  })

  it('a revoked webhook cannot be changed or rotated back to life: 409', async () => {
    const created = await createInboundWebhook(server, { mapping: personMapping })
    await server.admin.delete(`${base}/${created.id}`)
    const patch = await server.admin.patch(`${base}/${created.id}`, { name: 'again' })
    expect(patch.status).toBe(409)
    expect(patch.body.error.code).toBe('webhook_revoked')
    expect((await server.admin.post(`${base}/${created.id}/rotate`)).status).toBe(409)
  })

  it('an unknown token and a token of the wrong shape both answer 404 not_found', async () => {
    for (const token of ['in_' + 'A'.repeat(43), 'nope', 'op_' + 'x'.repeat(43)]) {
      const { status, body } = await deliver(server, `/webhooks/in/${token}`, { name: 'x' })
      expect(status).toBe(404)
      expect(body.error.code).toBe('not_found')
    }
  })
})
