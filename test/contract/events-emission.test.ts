import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventsOf, typesOf } from '../support/events'
import {
  createDeal,
  createPerson,
  firstLostReasonId,
  salesPipeline,
  type PipelineInfo,
} from '../support/fixtures'
import { createInboundWebhook, deliver } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
let pipeline: PipelineInfo

beforeAll(async () => {
  server = await startTestServer()
  pipeline = await salesPipeline(server.admin)
})
afterAll(() => server.close())

const openStages = () => pipeline.stages.filter((stage) => stage.type === 'open')

describe('which operation emits which event: people', () => {
  it('POST /people emits person.created, then person.tag_added once per tag', async () => {
    let person: any
    const events = await eventsOf(server.api, async () => {
      person = await createPerson(server.api, { fullName: 'Tagged', tags: ['vip', 'VIP', 'b2b'] })
    })
    expect(typesOf(events)).toEqual(['person.created', 'person.tag_added', 'person.tag_added'])
    expect(events.map((event) => event.data.tag)).toEqual([undefined, 'vip', 'b2b'])
    expect(events[0].data).toEqual({ object: person })
  })

  it('PATCH that changes fields emits person.updated once, with the old values of the changed fields', async () => {
    const person = await createPerson(server.api, { fullName: 'Before', leadSource: 'event' })
    let after: any
    const events = await eventsOf(server.api, async () => {
      after = (
        await server.api.patch(`/api/v1/people/${person.id}`, {
          fullName: 'After',
          leadSource: 'event',
          lifecycleStage: 'customer',
        })
      ).body
    })
    expect(typesOf(events)).toEqual(['person.updated'])
    expect(events[0].data).toEqual({
      object: after,
      previous: { fullName: 'Before', lifecycleStage: null },
      changes: ['fullName', 'lifecycleStage'],
    })
  })

  it('PATCH that adds tags emits person.updated and one person.tag_added per new tag only', async () => {
    const person = await createPerson(server.api, { tags: ['a'] })
    const events = await eventsOf(server.api, () =>
      server.api.patch(`/api/v1/people/${person.id}`, { tags: ['a', 'b', 'c'] }),
    )
    expect(typesOf(events)).toEqual(['person.updated', 'person.tag_added', 'person.tag_added'])
    expect(events.slice(1).map((event) => event.data.tag)).toEqual(['b', 'c'])
    expect(events[0].data.previous).toEqual({ tags: ['a'] })
  })

  it('PATCH that only removes a tag emits person.updated and no tag event', async () => {
    const person = await createPerson(server.api, { tags: ['a', 'b'] })
    const events = await eventsOf(server.api, () =>
      server.api.patch(`/api/v1/people/${person.id}`, { tags: ['a'] }),
    )
    expect(typesOf(events)).toEqual(['person.updated'])
  })

  it('a PATCH that changes nothing emits nothing', async () => {
    const person = await createPerson(server.api, { fullName: 'Same', tags: ['x'] })
    const events = await eventsOf(server.api, async () => {
      await server.api.patch(`/api/v1/people/${person.id}`, { fullName: 'Same', tags: [' x '] })
      await server.api.patch(`/api/v1/people/${person.id}`, {})
    })
    expect(events).toEqual([])
  })

  it('a rejected write emits nothing', async () => {
    const taken = await createPerson(server.api, { primaryEmail: 'taken@events.test' })
    const person = await createPerson(server.api)
    const events = await eventsOf(server.api, async () => {
      await server.api.post('/api/v1/people', { fullName: 'Dup', primaryEmail: taken.primaryEmail })
      await server.api.patch(`/api/v1/people/${person.id}`, { primaryEmail: taken.primaryEmail })
    })
    expect(events).toEqual([])
  })

  it('DELETE emits person.deleted with the person as it was, after deal.updated for each of its deals', async () => {
    const person = await createPerson(server.api, { fullName: 'Leaving' })
    const deal = await createDeal(server.api, pipeline, { primaryPersonId: person.id })
    const events = await eventsOf(server.api, () =>
      server.api.delete(`/api/v1/people/${person.id}`),
    )
    expect(typesOf(events)).toEqual(['deal.updated', 'person.deleted'])
    expect(events[0].data.object).toMatchObject({ id: deal.id, primaryPersonId: null })
    expect(events[0].data.changes).toEqual(['primaryPersonId'])
    expect(events[0].data.previous).toEqual({ primaryPersonId: person.id })
    expect(events[1].data).toEqual({ object: person })
  })
})

describe('which operation emits which event: deals', () => {
  it('POST /deals emits deal.created; in a won stage also deal.won, in a lost stage deal.lost', async () => {
    let deal: any
    const open = await eventsOf(server.api, async () => {
      deal = await createDeal(server.api, pipeline)
    })
    expect(typesOf(open)).toEqual(['deal.created'])
    expect(open[0].data).toEqual({ object: deal })

    const won = await eventsOf(server.api, () =>
      createDeal(server.api, pipeline, { stageId: pipeline.won.id }),
    )
    expect(typesOf(won)).toEqual(['deal.created', 'deal.won'])

    const lostReasonId = await firstLostReasonId(server.admin)
    const lost = await eventsOf(server.api, () =>
      createDeal(server.api, pipeline, { stageId: pipeline.lost.id, lostReasonId }),
    )
    expect(typesOf(lost)).toEqual(['deal.created', 'deal.lost'])
  })

  it('PATCH into a won stage emits deal.updated, deal.stage_changed and deal.won, each once', async () => {
    const deal = await createDeal(server.api, pipeline)
    let after: any
    const events = await eventsOf(server.api, async () => {
      after = (await server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: pipeline.won.id }))
        .body
    })
    expect(typesOf(events)).toEqual(['deal.updated', 'deal.stage_changed', 'deal.won'])
    expect(after.closedAt).not.toBeNull()
    for (const event of events) {
      expect(event.data).toEqual({
        object: after,
        previous: { stageId: pipeline.open.id, closedAt: null },
        changes: ['stageId', 'closedAt'],
      })
    }
  })

  it('PATCH into a lost stage emits deal.updated, deal.stage_changed and deal.lost', async () => {
    const deal = await createDeal(server.api, pipeline)
    const lostReasonId = await firstLostReasonId(server.admin)
    const events = await eventsOf(server.api, () =>
      server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: pipeline.lost.id, lostReasonId }),
    )
    expect(typesOf(events)).toEqual(['deal.updated', 'deal.stage_changed', 'deal.lost'])
  })

  it('PATCH between open stages, or reopening a won deal, emits deal.updated and deal.stage_changed', async () => {
    const [first, second] = openStages()
    const deal = await createDeal(server.api, pipeline, { stageId: first!.id })
    const moved = await eventsOf(server.api, () =>
      server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: second!.id }),
    )
    expect(typesOf(moved)).toEqual(['deal.updated', 'deal.stage_changed'])

    const won = await createDeal(server.api, pipeline, { stageId: pipeline.won.id })
    const reopened = await eventsOf(server.api, () =>
      server.api.patch(`/api/v1/deals/${won.id}`, { stageId: first!.id }),
    )
    expect(typesOf(reopened)).toEqual(['deal.updated', 'deal.stage_changed'])
    expect(reopened[0].data.object.closedAt).toBeNull()
  })

  it('PATCH of other fields emits deal.updated only; the same stage again is no stage change', async () => {
    const deal = await createDeal(server.api, pipeline)
    const events = await eventsOf(server.api, () =>
      server.api.patch(`/api/v1/deals/${deal.id}`, {
        title: 'Renamed',
        value: 2500,
        stageId: deal.stageId,
      }),
    )
    expect(typesOf(events)).toEqual(['deal.updated'])
    expect(events[0].data.changes).toEqual(['title', 'value'])
    expect(events[0].data.previous).toEqual({ title: deal.title, value: deal.value })
  })

  it('a PATCH that changes nothing emits nothing', async () => {
    const deal = await createDeal(server.api, pipeline, { tags: ['x'] })
    const events = await eventsOf(server.api, () =>
      server.api.patch(`/api/v1/deals/${deal.id}`, { title: deal.title, tags: ['x'] }),
    )
    expect(events).toEqual([])
  })

  it('a rejected stage move (lost without a reason) emits nothing', async () => {
    const deal = await createDeal(server.api, pipeline)
    const events = await eventsOf(server.api, () =>
      server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: pipeline.lost.id }),
    )
    expect(events).toEqual([])
  })

  it('DELETE emits deal.deleted with the deal as it was', async () => {
    const deal = await createDeal(server.api, pipeline)
    const events = await eventsOf(server.api, () => server.api.delete(`/api/v1/deals/${deal.id}`))
    expect(typesOf(events)).toEqual(['deal.deleted'])
    expect(events[0].data).toEqual({ object: deal })
  })
})

describe('which operation emits which event: companies', () => {
  it('creating, changing and deleting a company emit company.created, .updated and .deleted', async () => {
    let company: any
    const created = await eventsOf(server.api, async () => {
      company = (
        await server.admin.post('/api/app/v1/companies', {
          name: 'Evented',
          domain: 'evented.test',
        })
      ).body
    })
    expect(typesOf(created)).toEqual(['company.created'])
    expect(created[0].data).toEqual({ object: company })
    expect((await server.admin.get(`/api/app/v1/companies/${company.id}`)).body).toEqual(company)

    const updated = await eventsOf(server.api, () =>
      server.admin.patch(`/api/app/v1/companies/${company.id}`, { name: 'Evented Ltd' }),
    )
    expect(typesOf(updated)).toEqual(['company.updated'])
    expect(updated[0].data).toMatchObject({
      object: { id: company.id, name: 'Evented Ltd', domain: 'evented.test' },
      previous: { name: 'Evented' },
      changes: ['name'],
    })
    const unchanged = await eventsOf(server.api, () =>
      server.admin.patch(`/api/app/v1/companies/${company.id}`, { name: 'Evented Ltd' }),
    )
    expect(unchanged).toEqual([])

    const deleted = await eventsOf(server.api, () =>
      server.admin.delete(`/api/app/v1/companies/${company.id}`),
    )
    expect(typesOf(deleted)).toEqual(['company.deleted'])
    expect(deleted[0].data.object).toMatchObject({ id: company.id, name: 'Evented Ltd' })
  })
})

describe('which operation emits which event: records that lose a link', () => {
  it('deleting a company emits person.updated and deal.updated for each record that pointed at it, then company.deleted', async () => {
    const { body: company } = await server.admin.post('/api/app/v1/companies', { name: 'Gone Co' })
    const person = await createPerson(server.api, { companyId: company.id })
    const deal = await createDeal(server.api, pipeline, { primaryCompanyId: company.id })
    const events = await eventsOf(server.api, () =>
      server.admin.delete(`/api/app/v1/companies/${company.id}`),
    )
    expect(typesOf(events)).toEqual(['person.updated', 'deal.updated', 'company.deleted'])
    expect(events[0].data).toMatchObject({
      object: { id: person.id, companyId: null },
      changes: ['companyId'],
    })
    expect(events[1].data).toMatchObject({
      object: { id: deal.id, primaryCompanyId: null },
      changes: ['primaryCompanyId'],
    })
  })

  it('deleting a user emits person.updated and deal.updated for each record they owned', async () => {
    const { body: user } = await server.admin.post('/api/app/v1/users', { name: 'Leaver' })
    await createPerson(server.api, { ownerId: user.id })
    await createDeal(server.api, pipeline, { ownerId: user.id })
    const events = await eventsOf(server.api, () =>
      server.admin.delete(`/api/app/v1/users/${user.id}`),
    )
    expect(typesOf(events)).toEqual(['person.updated', 'deal.updated'])
    for (const event of events) expect(event.data.object.ownerId).toBeNull()
  })
})

describe('which operation emits which event: inbound webhooks', () => {
  it('intake emits what the REST API would: the company of the e-mail, created and tag_added, then nothing for the same data again', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: { fullName: '{{name}}', primaryEmail: '{{email}}', tags: '{{tags}}' },
    })
    const payload = { name: 'Intake', email: 'intake@events.test', tags: ['web'] }
    const created = await eventsOf(server.api, () => deliver(server, webhook.path, payload))
    expect(typesOf(created)).toEqual(['company.created', 'person.created', 'person.tag_added'])
    const { body: person } = await server.api.get(`/api/v1/people/${created[1].data.object.id}`)
    expect(created[1].data.object).toEqual(person)
    expect(person.companyId).toBe(created[0].data.object.id)
    const again = await eventsOf(server.api, () => deliver(server, webhook.path, payload))
    expect(again).toEqual([])
    const renamed = await eventsOf(server.api, () =>
      deliver(server, webhook.path, { ...payload, name: 'Intake Renamed' }),
    )
    expect(typesOf(renamed)).toEqual(['person.updated'])
    expect(renamed[0].data.changes).toEqual(['fullName'])
  })
})

describe('event payload', () => {
  it('is {id, type, version, createdAt, tenantId, data} with the resource exactly as GET returns it', async () => {
    const person = await createPerson(server.api, { fullName: 'Shape' })
    const [event] = await eventsOf(server.api, () =>
      server.api.patch(`/api/v1/people/${person.id}`, { leadSource: 'ads' }),
    )
    expect(Object.keys(event).sort()).toEqual([
      'createdAt',
      'data',
      'id',
      'tenantId',
      'type',
      'version',
    ])
    expect(event.version).toBe(1)
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(event.tenantId).toBe(server.tenantId)
    expect(event.createdAt).toBe(event.data.object.updatedAt)
    expect(event.data.object).toEqual((await server.api.get(`/api/v1/people/${person.id}`)).body)
  })

  it('events of one operation share their data and differ in id', async () => {
    const deal = await createDeal(server.api, pipeline)
    const events = await eventsOf(server.api, () =>
      server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: pipeline.won.id }),
    )
    expect(new Set(events.map((event) => JSON.stringify(event.data))).size).toBe(1)
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length)
    expect(new Set(events.map((event) => event.createdAt)).size).toBe(1)
  })
})
