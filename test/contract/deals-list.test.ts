import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDeal,
  createPerson,
  salesPipeline,
  unknownId,
  type PipelineInfo,
} from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
let sales: PipelineInfo
let ownerId: string

beforeAll(async () => {
  server = await startTestServer()
  sales = await salesPipeline(server.admin)
  ownerId = (await server.admin.post('/api/app/v1/users', { name: 'Bia' })).body.id
  await createDeal(server.api, sales, { title: 'Alpha plan', value: 500, tags: ['vip'] })
  await createDeal(server.api, sales, {
    title: 'beta renewal',
    value: 5000,
    ownerId,
    expectedCloseDate: '2026-12-10',
  })
  const won = await createDeal(server.api, sales, {
    title: 'Gamma won',
    value: 900,
    stageId: sales.won.id,
  })
  await server.api.post('/api/v1/activities', { subject: 'Follow up', dealId: won.id })
})
afterAll(() => server.close())

const titles = async (query: string) =>
  ((await server.admin.get(`/api/app/v1/deals?${query}`)).body.data as { title: string }[]).map(
    (deal) => deal.title,
  )

describe('the deals list', () => {
  it('filters by text, status, owner, tag, value, close date and next activity', async () => {
    expect(await titles('q=PLAN')).toEqual(['Alpha plan'])
    expect(await titles('status=won')).toEqual(['Gamma won'])
    expect(await titles(`ownerId=${ownerId}`)).toEqual(['beta renewal'])
    expect(await titles('tag=VIP')).toEqual(['Alpha plan'])
    expect(await titles('valueMin=600&valueMax=5000&sort=value')).toEqual([
      'Gamma won',
      'beta renewal',
    ])
    expect(await titles('closeFrom=2026-12-01&closeTo=2026-12-31')).toEqual(['beta renewal'])
    expect(await titles('noNextActivity=true&sort=title')).toEqual(['Alpha plan', 'beta renewal'])
    const bad = await server.admin.get('/api/app/v1/deals?valueMin=lots')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('valueMin')
  })

  it('custom fields are written from the app and filter the list', async () => {
    const deal = await createDeal(server.api, sales, { title: 'Custom one' })
    const path = `/api/app/v1/deals/${deal.id}/custom-fields`
    const { status, body } = await server.admin.patch(path, {
      customFields: { plan: 'Pro', seats: 12, trial: true },
    })
    expect(status).toBe(200)
    expect(body.customFields).toEqual({ plan: 'Pro', seats: 12, trial: true })
    // The v1 API reads them, and the change is an ordinary deal.updated.
    expect((await server.api.get(`/api/v1/deals/${deal.id}`)).body.customFields).toEqual({
      plan: 'Pro',
      seats: 12,
      trial: true,
    })
    const { body: events } = await server.api.get('/api/v1/events?limit=100')
    const updated = events.data.filter(
      (event: any) => event.type === 'deal.updated' && event.data.object.id === deal.id,
    )
    expect(updated.at(-1).data.changes).toEqual(['customFields'])

    expect(await titles('customField=plan%3Dpro')).toEqual(['Custom one'])
    expect(await titles('customField=seats%3D12')).toEqual(['Custom one'])
    expect(await titles('customField=trial%3Dtrue')).toEqual(['Custom one'])
    expect(await titles('customField=plan%3Dbasic')).toEqual([])
    await server.admin.patch(path, { customFields: { trial: null } })
    expect(await titles('customField=trial%3Dtrue')).toEqual([])
    const bad = await server.admin.get('/api/app/v1/deals?customField=plan')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('customField')
    await server.api.delete(`/api/v1/deals/${deal.id}`)
  })

  it('sorts by title (case ignored), value either way, and newest first by default', async () => {
    expect(await titles('sort=title')).toEqual(['Alpha plan', 'beta renewal', 'Gamma won'])
    expect(await titles('sort=-value')).toEqual(['beta renewal', 'Gamma won', 'Alpha plan'])
    expect(await titles('')).toEqual(['Gamma won', 'beta renewal', 'Alpha plan'])
  })

  it("names each deal's person and company, where the v1 REST gives their ids only", async () => {
    const company = (await server.admin.post('/api/app/v1/companies', { name: 'Quintela Lda' }))
      .body
    const person = await createPerson(server.api, { fullName: 'Rita Nova' })
    const linked = await createDeal(server.api, sales, {
      ...{ title: 'Linked', primaryPersonId: person.id, primaryCompanyId: company.id },
    })
    const names = async () =>
      (await server.admin.get('/api/app/v1/deals?q=linked')).body.data.map(
        (deal: Record<string, unknown>) => [deal.personName, deal.companyName],
      )
    expect(await names()).toEqual([['Rita Nova', 'Quintela Lda']])
    const v1 = (await server.api.get(`/api/v1/deals?q=linked`)).body.data[0]
    expect(v1).toMatchObject({ title: 'Linked', primaryPersonId: person.id })
    expect(v1, "the contract's deal keeps its fields").not.toHaveProperty('personName')
    // A person deleted leaves the deal, without them.
    await server.api.delete(`/api/v1/people/${person.id}`)
    expect(await names()).toEqual([[null, 'Quintela Lda']])
    expect((await server.admin.get('/api/app/v1/deals?q=alpha')).body.data[0]).toMatchObject({
      personName: null,
      companyName: null,
    })
    await server.api.delete(`/api/v1/deals/${linked.id}`)
  })
})

describe('bulk actions', () => {
  it('tags, assigns and moves many deals in one go, and deletes them', async () => {
    const ids = [
      (await createDeal(server.api, sales, { title: 'Bulk 1' })).id,
      (await createDeal(server.api, sales, { title: 'Bulk 2' })).id,
    ]
    const tagged = await server.admin.post('/api/app/v1/deals/bulk', {
      action: 'tag',
      ids,
      tag: 'q1',
    })
    expect(tagged.body).toEqual({ done: 2 })
    await server.admin.post('/api/app/v1/deals/bulk', { action: 'assign', ids, ownerId })
    await server.admin.post('/api/app/v1/deals/bulk', {
      action: 'move',
      ids,
      stageId: sales.won.id,
    })
    for (const id of ids) {
      expect((await server.api.get(`/api/v1/deals/${id}`)).body).toMatchObject({
        tags: ['q1'],
        ownerId,
        stageId: sales.won.id,
      })
    }
    expect(
      (await server.admin.post('/api/app/v1/deals/bulk', { action: 'delete', ids })).body,
    ).toEqual({ done: 2 })
    expect((await server.api.get(`/api/v1/deals/${ids[0]}`)).status).toBe(404)
  })

  it('changes none when one refuses, and names it', async () => {
    const id = (await createDeal(server.api, sales, { title: 'Kept' })).id
    const answer = await server.admin.post('/api/app/v1/deals/bulk', {
      action: 'move',
      ids: [id, unknownId],
      stageId: sales.won.id,
    })
    expect(answer.status).toBe(404)
    expect(answer.body.error.details.field).toBe('ids[1]')
    expect((await server.api.get(`/api/v1/deals/${id}`)).body.stageId).toBe(sales.open.id)
    const lost = await server.admin.post('/api/app/v1/deals/bulk', {
      action: 'move',
      ids: [id],
      stageId: sales.lost.id,
    })
    expect(lost.status).toBe(422)
  })

  it('assigns, tags and deletes people too', async () => {
    const person = await createPerson(server.api, { fullName: 'Bulk person' })
    await server.admin.post('/api/app/v1/people/bulk', {
      action: 'tag',
      ids: [person.id],
      tag: 'lead-2026',
    })
    await server.admin.post('/api/app/v1/people/bulk', {
      action: 'assign',
      ids: [person.id],
      ownerId,
    })
    expect((await server.api.get(`/api/v1/people/${person.id}`)).body).toMatchObject({
      tags: ['lead-2026'],
      ownerId,
    })
    await server.admin.post('/api/app/v1/people/bulk', { action: 'delete', ids: [person.id] })
    expect((await server.api.get(`/api/v1/people/${person.id}`)).status).toBe(404)
  })
})

describe('saved views', () => {
  it('are shared by name in the workspace, one name each', async () => {
    const created = await server.admin.post('/api/app/v1/saved-views', {
      resource: 'deals',
      name: 'Big open deals',
      query: 'status=open&valueMin=1000&sort=-value',
    })
    expect(created.status).toBe(201)
    const again = await server.admin.post('/api/app/v1/saved-views', {
      resource: 'deals',
      name: 'Big open deals',
      query: 'x',
    })
    expect(again.status).toBe(409)
    const list = await server.admin.get('/api/app/v1/saved-views?resource=deals')
    expect(list.body.data).toEqual([created.body])
    expect((await server.admin.get('/api/app/v1/saved-views?resource=people')).body.data).toEqual(
      [],
    )
    expect((await server.admin.delete(`/api/app/v1/saved-views/${created.body.id}`)).status).toBe(
      204,
    )
  })

  it('are listed by name as names are everywhere: case and accents ignored', async () => {
    for (const name of ['zeta', 'Águas claras', 'beta', 'Ônibus']) {
      await server.admin.post('/api/app/v1/saved-views', { resource: 'people', name, query: '' })
    }
    const list = await server.admin.get('/api/app/v1/saved-views?resource=people')
    expect(list.body.data.map((view: { name: string }) => view.name)).toEqual([
      'Águas claras',
      'beta',
      'Ônibus',
      'zeta',
    ])
    for (const view of list.body.data)
      await server.admin.delete(`/api/app/v1/saved-views/${view.id}`)
  })

  it('take new filters or a new name, one name each still', async () => {
    const view = (path: string, body: object) => server.admin.post(path, body)
    const hot = await view('/api/app/v1/saved-views', {
      resource: 'deals',
      name: 'Hot',
      query: 'status=open',
    })
    await view('/api/app/v1/saved-views', { resource: 'deals', name: 'Cold', query: 'status=lost' })
    const changed = await server.admin.patch(`/api/app/v1/saved-views/${hot.body.id}`, {
      query: 'status=open&sort=-value',
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ name: 'Hot', query: 'status=open&sort=-value' })
    const taken = await server.admin.patch(`/api/app/v1/saved-views/${hot.body.id}`, {
      name: 'Cold',
    })
    expect(taken.status).toBe(409)
    expect(taken.body.error.details.field).toBe('name')
    const renamed = await server.admin.patch(`/api/app/v1/saved-views/${hot.body.id}`, {
      name: 'Hottest',
    })
    expect(renamed.body).toMatchObject({ name: 'Hottest', query: 'status=open&sort=-value' })
    const unknown = await server.admin.patch(
      '/api/app/v1/saved-views/00000000-0000-4000-8000-000000000000',
      { name: 'Nobody' },
    )
    expect(unknown.status).toBe(404)
  })
})
