import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { createDeal, createPerson, salesPipeline, unknownId } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

const clock = createTestClock('2026-11-25T15:00:00.000Z')
let server: TestServer
let companyId: string
let person: { id: string }

beforeAll(async () => {
  server = await startTestServer({ clock })
  companyId = (await server.admin.post('/api/app/v1/companies', { name: 'Acme' })).body.id
  person = await createPerson(server.api, { fullName: 'Ana Lima', companyId })
})
afterAll(() => server.close())

describe('/api/v1/notes', () => {
  it('201: a note on a person takes their company; back-dating keeps its date', async () => {
    const { status, body } = await server.api.post('/api/v1/notes', {
      body: '**Met at the fair.** Wants a demo in January.',
      personId: person.id,
      notedAt: '2026-11-20T14:00:00-03:00',
    })
    expect(status).toBe(201)
    expect(body).toMatchObject({
      personId: person.id,
      dealId: null,
      companyId,
      pinned: false,
      authorId: null,
      notedAt: '2026-11-20T17:00:00.000Z',
      createdAt: '2026-11-25T15:00:00.000Z',
    })
    const events = await server.api.get('/api/v1/events?limit=100')
    expect(events.body.data.at(-1)).toMatchObject({ type: 'note.created', data: { object: body } })
  })

  it('lists the notes of a company, newest noted first, pinned ones filterable', async () => {
    const sales = await salesPipeline(server.admin)
    const deal = await createDeal(server.api, sales, { title: 'Plan', primaryCompanyId: companyId })
    const onDeal = await server.api.post('/api/v1/notes', {
      body: 'Budget approved',
      dealId: deal.id,
    })
    expect(onDeal.body.companyId).toBe(companyId)
    const pinned = await server.api.patch(`/api/v1/notes/${onDeal.body.id}`, { pinned: true })
    expect(pinned.body).toMatchObject({ pinned: true, updatedAt: '2026-11-25T15:00:00.000Z' })
    const list = await server.api.get(`/api/v1/notes?companyId=${companyId}`)
    expect(list.body.data.map((note: { body: string }) => note.body)).toEqual([
      'Budget approved',
      '**Met at the fair.** Wants a demo in January.',
    ])
    const onlyPinned = await server.api.get(`/api/v1/notes?companyId=${companyId}&pinned=true`)
    expect(onlyPinned.body.total).toBe(1)
  })

  it('goes with the record it was written on', async () => {
    const doomed = await createPerson(server.api, { fullName: 'Short Lived' })
    const note = await server.api.post('/api/v1/notes', { body: 'Bye', personId: doomed.id })
    await server.api.delete(`/api/v1/people/${doomed.id}`)
    expect((await server.api.get(`/api/v1/notes/${note.body.id}`)).status).toBe(404)
  })

  it('400 and 422 name the field at fault', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ body: 'Loose' }, 400, 'personId'],
      [{ body: '   ', personId: person.id }, 400, 'body'],
      [{ body: 'x', personId: person.id, notedAt: '2027-01-01T00:00:00Z' }, 400, 'notedAt'],
      [{ body: 'x', personId: person.id, notedAt: 'yesterday' }, 400, 'notedAt'],
      [{ body: 'x', personId: unknownId }, 422, 'personId'],
      [{ body: 'x', dealId: unknownId }, 422, 'dealId'],
      [{ body: 'x', companyId: unknownId }, 422, 'companyId'],
    ]
    for (const [body, status, field] of cases) {
      const answer = await server.api.post('/api/v1/notes', body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(answer.body.error.details.field, JSON.stringify(body)).toBe(field)
    }
  })

  it('delete emits note.deleted', async () => {
    const note = await server.api.post('/api/v1/notes', { body: 'Temporary', companyId })
    expect((await server.api.delete(`/api/v1/notes/${note.body.id}`)).status).toBe(204)
    const events = await server.api.get('/api/v1/events?limit=100')
    expect(events.body.data.at(-1)).toMatchObject({ type: 'note.deleted' })
  })
})

describe('exports of activities and notes', () => {
  it('CSV names what each one points to; NDJSON is each as the API answers it', async () => {
    await server.api.post('/api/v1/activities', {
      type: 'call',
      subject: 'Exported call',
      personIds: [person.id],
      done: true,
    })
    const csv = await fetch(`${server.url}/api/app/v1/exports/activities?format=csv`, {
      headers: { Authorization: `Bearer ${server.adminToken}` },
    })
    expect(csv.status).toBe(200)
    const lines = (await csv.text()).trim().split('\n')
    expect(lines[0]).toContain('id,type,subject,body,dueDate')
    expect(lines.at(-1)).toContain('Exported call')
    const notes = await fetch(`${server.url}/api/app/v1/exports/notes?format=ndjson`, {
      headers: { Authorization: `Bearer ${server.adminToken}` },
    })
    const first = JSON.parse((await notes.text()).split('\n')[0]!)
    expect(first).toEqual((await server.api.get(`/api/v1/notes/${first.id}`)).body)
  })
})

describe('a CSV import leaves notes', () => {
  it('a column mapped to note becomes a note on each imported person', async () => {
    const form = new FormData()
    const csv = 'Name,Comment\nRui Lopes,Met at the fair\n'
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv')
    form.append('mapping', JSON.stringify({ fullName: '{{Name}}', note: '{{Comment}}' }))
    const imported = await fetch(`${server.url}/api/app/v1/imports/people`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.adminToken}` },
      body: form,
    })
    expect(imported.status).toBe(200)
    const found = await server.admin.get('/api/app/v1/people?q=rui%20lopes')
    const notes = await server.api.get(`/api/v1/notes?personId=${found.body.data[0].id}`)
    expect(notes.body.data.map((note: { body: string }) => note.body)).toEqual(['Met at the fair'])
  })
})
