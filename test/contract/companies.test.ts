import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeal, createPerson, salesPipeline } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('/api/app/v1/companies', () => {
  it('searches by name or domain, sorts by name, and counts each one’s people', async () => {
    const ids: Record<string, string> = {}
    for (const [name, domain] of [
      ['Zeta Foods', 'zeta.com'],
      ['acme', 'acme.com.br'],
      ['Beta 100%', null],
    ] as const) {
      ids[name] = (await server.admin.post('/api/app/v1/companies', { name, domain })).body.id
    }
    await createPerson(server.api, { fullName: 'Rita', companyId: ids.acme })
    const byName = await server.admin.get('/api/app/v1/companies?sort=name')
    expect(byName.body.data.map((company: { name: string }) => company.name)).toEqual([
      'acme',
      'Beta 100%',
      'Zeta Foods',
    ])
    expect(byName.body.data[0].peopleCount).toBe(1)
    const found = await server.admin.get('/api/app/v1/companies?q=ZETA')
    expect(found.body).toMatchObject({ total: 1, data: [{ name: 'Zeta Foods' }] })
    // % is a character to find, not a wildcard.
    const literal = await server.admin.get('/api/app/v1/companies?q=0%25')
    expect(literal.body.data.map((company: { name: string }) => company.name)).toEqual([
      'Beta 100%',
    ])
    expect((await server.admin.get('/api/app/v1/companies?sort=size')).status).toBe(400)
    const people = await server.admin.get(`/api/app/v1/people?companyId=${ids.acme}`)
    expect(people.body.data.map((person: { fullName: string }) => person.fullName)).toEqual([
      'Rita',
    ])
    // The UI's list names each person's company; the v1 person keeps its id only.
    expect(people.body.data[0]).toMatchObject({ companyId: ids.acme, companyName: 'acme' })
    await createPerson(server.api, { fullName: 'Sem Empresa' })
    const alone = await server.admin.get('/api/app/v1/people?q=sem%20empresa')
    expect(alone.body.data).toMatchObject([{ companyId: null, companyName: null }])
    const v1 = await server.api.get(`/api/v1/people/${people.body.data[0].id}`)
    expect(v1.body).toMatchObject({ companyId: ids.acme })
    expect(v1.body).not.toHaveProperty('companyName')
  })

  it('summarises a company: its people and its open and won deals per currency', async () => {
    const company = (await server.admin.post('/api/app/v1/companies', { name: 'Summed' })).body
    const sales = await salesPipeline(server.admin)
    const deal = (fields: Record<string, unknown>) =>
      createDeal(server.api, sales, { primaryCompanyId: company.id, ...fields })
    await deal({ value: 100 })
    await deal({ value: 200 })
    await deal({ value: 50, stageId: sales.won.id })
    const { status, body } = await server.admin.get(`/api/app/v1/companies/${company.id}/summary`)
    expect(status).toBe(200)
    // Filtered by whether a company has an open deal.
    const closedOnly = (await server.admin.post('/api/app/v1/companies', { name: 'Won once' })).body
    await createDeal(server.api, sales, {
      primaryCompanyId: closedOnly.id,
      stageId: sales.won.id,
    })
    const names = async (query: string) =>
      (await server.admin.get(`/api/app/v1/companies?pageSize=100&${query}`)).body.data.map(
        (item: { name: string }) => item.name,
      )
    expect(await names('openDeals=true')).toEqual(['Summed'])
    expect(await names('openDeals=false')).toContain('Won once')
    expect(await names('openDeals=false')).not.toContain('Summed')
    expect((await server.admin.get('/api/app/v1/companies?openDeals=maybe')).status).toBe(400)
    expect(body).toMatchObject({
      name: 'Summed',
      peopleCount: 0,
      openDeals: { count: 2, totals: [{ currency: 'BRL', value: 300 }] },
      wonDeals: { count: 1, totals: [{ currency: 'BRL', value: 50 }] },
    })
  })

  it("a company's history is the changes of its people and deals, newest first", async () => {
    const company = (await server.admin.post('/api/app/v1/companies', { name: 'Storied' })).body
    const other = (await server.admin.post('/api/app/v1/companies', { name: 'Elsewhere' })).body
    const sales = await salesPipeline(server.admin)
    const rita = await createPerson(server.api, { fullName: 'Rita Story', companyId: company.id })
    await createPerson(server.api, { fullName: 'Not Here', companyId: other.id })
    const deal = await createDeal(server.api, sales, { primaryCompanyId: company.id })
    await server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: sales.won.id })
    await server.api.patch(`/api/v1/people/${rita.id}`, { leadSource: 'fair' })
    const { status, body } = await server.admin.get(`/api/app/v1/companies/${company.id}/events`)
    expect(status).toBe(200)
    const lines = body.data.map(
      (event: { type: string; data: { object: { fullName?: string; title?: string } } }) =>
        `${event.type} ${event.data.object.fullName ?? event.data.object.title}`,
    )
    expect(lines).toEqual([
      'person.updated Rita Story',
      'deal.won ' + deal.title,
      'deal.stage_changed ' + deal.title,
      'deal.updated ' + deal.title,
      'deal.created ' + deal.title,
      'person.created Rita Story',
    ])
    expect(body.data[0].actor).toMatchObject({ kind: 'token' })
    const missing = await server.admin.get(
      '/api/app/v1/companies/00000000-0000-4000-8000-000000000000/events',
    )
    expect(missing.status).toBe(404)
  })

  it("a record's timeline names the companies and people its changes point at", async () => {
    const from = (await server.admin.post('/api/app/v1/companies', { name: 'Before Co' })).body
    const to = (await server.admin.post('/api/app/v1/companies', { name: 'After Co' })).body
    const gone = (await server.admin.post('/api/app/v1/companies', { name: 'Gone Co' })).body
    const lia = await createPerson(server.api, { fullName: 'Lia Moves', companyId: from.id })
    await server.api.patch(`/api/v1/people/${lia.id}`, { companyId: gone.id })
    await server.api.patch(`/api/v1/people/${lia.id}`, { companyId: to.id })
    await server.admin.delete(`/api/app/v1/companies/${gone.id}`)
    const { body } = await server.admin.get(`/api/app/v1/people/${lia.id}/events`)
    // Before and after of each change; a company deleted since has no name to give.
    expect(body.names).toEqual({
      people: {},
      companies: { [from.id]: 'Before Co', [to.id]: 'After Co' },
    })
    const sales = await salesPipeline(server.admin)
    const deal = await createDeal(server.api, sales)
    await server.api.patch(`/api/v1/deals/${deal.id}`, { primaryPersonId: lia.id })
    const dealTimeline = (await server.admin.get(`/api/app/v1/deals/${deal.id}/events`)).body
    expect(dealTimeline.names).toEqual({ people: { [lia.id]: 'Lia Moves' }, companies: {} })
  })
})
