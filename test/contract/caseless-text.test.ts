// Text that the API compares "without case" does so for the capitals of every script, on both
// engines: SQLite's lower(), and PostgreSQL's under the columns' collate "C", change only A to Z,
// so "École" was not found by "école", nor even by "École" (the search is lower-cased).

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeal, salesPipeline } from '../support/fixtures'
import { createInboundWebhook, deliver } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const spellings = (word: string) => [word, word.toLowerCase(), word.toUpperCase()]

describe('text compared without case, in every script', () => {
  it('deals: the title search, a custom field filter and a tag filter', async () => {
    const { admin } = await server.otherWorkspace('Deals in every script')
    const api = admin
    const pipeline = await salesPipeline(admin)
    const deal = await createDeal(api, pipeline, { title: 'École Ørsted', tags: ['Été'] })
    const customFields = { customFields: { region: 'Île-de-France' } }
    expect(
      (await admin.patch(`/api/app/v1/deals/${deal.id}/custom-fields`, customFields)).status,
    ).toBe(200)
    await createDeal(api, pipeline, { title: 'Annual plan', tags: ['spring'] })
    const ids = async (query: string) =>
      (await api.get(`/api/app/v1/deals?${query}`)).body.data.map(
        (found: { id: string }) => found.id,
      )
    for (const q of [...spellings('École'), ...spellings('ørsted'), 'LE Ø']) {
      expect({ q, ids: await ids(`q=${encodeURIComponent(q)}`) }).toEqual({ q, ids: [deal.id] })
    }
    for (const value of spellings('Île-de-France')) {
      const query = `customField=${encodeURIComponent(`region=${value}`)}`
      expect({ value, ids: await ids(query) }).toEqual({ value, ids: [deal.id] })
    }
    for (const tag of spellings('Été')) {
      expect({ tag, ids: await ids(`tag=${encodeURIComponent(tag)}`) }).toEqual({
        tag,
        ids: [deal.id],
      })
    }
    // Still only what holds the text: another letter with the same capital is no match.
    expect(await ids(`q=${encodeURIComponent('ecole')}`)).toEqual([])
  })

  it('companies and activities: the name and subject searches', async () => {
    const { admin } = await server.otherWorkspace('Companies in every script')
    const api = admin
    const company = (await admin.post('/api/app/v1/companies', { name: 'Ølfabrikken Århus' })).body
    await admin.post('/api/app/v1/companies', { name: 'Acme' })
    const activity = (await api.post('/api/v1/activities', { subject: 'Звонок Ивану' })).body
    await api.post('/api/v1/activities', { subject: 'Call back' })
    for (const q of [...spellings('Århus'), ...spellings('ølfabrikken')]) {
      const found = (await admin.get(`/api/app/v1/companies?q=${encodeURIComponent(q)}`)).body
      expect({ q, ids: found.data.map((one: { id: string }) => one.id) }).toEqual({
        q,
        ids: [company.id],
      })
    }
    for (const q of [...spellings('Звонок'), ...spellings('ивану')]) {
      const found = (await api.get(`/api/v1/activities?q=${encodeURIComponent(q)}`)).body
      expect({ q, ids: found.data.map((one: { id: string }) => one.id) }).toEqual({
        q,
        ids: [activity.id],
      })
    }
  })

  it('people: the tag filter', async () => {
    const { admin } = await server.otherWorkspace('Tags in every script')
    const person = (await admin.post('/api/v1/people', { fullName: 'Ana', tags: ['Été', 'vip'] }))
      .body
    await admin.post('/api/v1/people', { fullName: 'Bia', tags: ['ete'] })
    for (const tag of [...spellings('Été'), 'VIP']) {
      const found = (await admin.get(`/api/v1/people?tag=${encodeURIComponent(tag)}`)).body
      expect({ tag, ids: found.data.map((one: { id: string }) => one.id) }).toEqual({
        tag,
        ids: [person.id],
      })
    }
  })

  it('an inbound webhook deduplicating by name finds the person however the name is cased', async () => {
    const { admin } = await server.otherWorkspace('Dedupe in every script')
    const webhook = await createInboundWebhook(
      { ...server, admin },
      {
        mapping: { fullName: '{{name}}', leadSource: '{{source}}' },
        dedupe: { strategy: 'composite', fields: ['fullName', 'leadSource'] },
      },
    )
    const first = await deliver(server, webhook.path, { name: 'Élodie Ødegård', source: 'Église' })
    expect(first.status).toBe(201)
    for (const name of spellings('Élodie Ødegård')) {
      const again = await deliver(server, webhook.path, { name, source: 'ÉGLISE' })
      expect({ name, status: again.status, personId: again.body.personId }).toEqual({
        name,
        status: 200,
        personId: first.body.personId,
      })
    }
    const people = (await admin.get('/api/v1/people')).body
    expect(people.total).toBe(1)
  })
})
