import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeal, createPerson, createUser, salesPipeline } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

// RFC 9562: UUIDs are case-insensitive on input. Scripts fed by .NET, SQL Server or a spreadsheet
// send them upper-case; Outpost writes them lower-case and answers the same record either way.

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const upper = (id: string) => id.toUpperCase()

describe('ids in any case', () => {
  it('a path id in upper case reads, updates and deletes the same record', async () => {
    const person = await createPerson(server.api, { fullName: 'Ana Souza' })
    const read = await server.api.get(`/api/v1/people/${upper(person.id)}`)
    expect(read.status).toBe(200)
    expect(read.body.id).toBe(person.id)

    const renamed = await server.api.patch(`/api/v1/people/${upper(person.id)}`, {
      fullName: 'Ana Lima',
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ id: person.id, fullName: 'Ana Lima' })

    // A management route, and an id that is not the last segment.
    const timeline = await server.admin.get(`/api/app/v1/people/${upper(person.id)}/events`)
    expect(timeline.status).toBe(200)

    expect((await server.api.delete(`/api/v1/people/${upper(person.id)}`)).status).toBe(204)
    expect((await server.api.get(`/api/v1/people/${person.id}`)).status).toBe(404)
  })

  it('ids in a body or a query are stored and matched lower-case', async () => {
    const pipeline = await salesPipeline(server.admin)
    const ownerId = await createUser(server.admin, 'Rui')
    const company = await server.admin.post('/api/app/v1/companies', { name: 'Acme' })
    const person = await createPerson(server.api, {
      fullName: 'Bia Reis',
      ownerId: upper(ownerId),
      companyId: upper(company.body.id),
    })
    expect(person).toMatchObject({ ownerId, companyId: company.body.id })

    const deal = await createDeal(server.api, pipeline, {
      pipelineId: upper(pipeline.id),
      stageId: upper(pipeline.open.id),
      primaryPersonId: upper(person.id),
    })
    expect(deal).toMatchObject({
      pipelineId: pipeline.id,
      stageId: pipeline.open.id,
      primaryPersonId: person.id,
    })

    const owned = await server.api.get(`/api/v1/people?ownerId=${upper(ownerId)}`)
    expect(owned.status).toBe(200)
    expect(owned.body.data.map((found: { id: string }) => found.id)).toEqual([person.id])
  })

  it('a path segment that only looks like part of an id is left as sent', async () => {
    const answer = await server.api.get('/api/v1/people/ABCDEF')
    expect(answer.status).toBe(404)
  })
})
