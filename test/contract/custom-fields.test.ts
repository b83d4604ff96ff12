import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPerson } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const patch = (id: string, customFields: Record<string, unknown>) =>
  server.admin.patch(`/api/app/v1/people/${id}/custom-fields`, { customFields })

describe('custom fields, written by the web app', () => {
  it('sets and removes fields, leaves the others, and v1 shows them', async () => {
    const person = await createPerson(server.api)
    expect((await patch(person.id, { plan: 'pro', seats: 12, trial: true })).status).toBe(200)
    const { status, body } = await patch(person.id, { seats: 15, trial: null })
    expect(status).toBe(200)
    expect(body.customFields).toEqual({ plan: 'pro', seats: 15 })
    expect((await server.api.get(`/api/v1/people/${person.id}`)).body.customFields).toEqual({
      plan: 'pro',
      seats: 15,
    })
  })

  it('emits person.updated with the previous values, and nothing when nothing changes', async () => {
    const person = await createPerson(server.api, { fullName: 'Events Person' })
    await patch(person.id, { plan: 'basic' })
    await patch(person.id, { plan: 'basic', absent: null })
    const { body } = await server.admin.get(`/api/app/v1/people/${person.id}/events`)
    expect(body.data.map((event: any) => event.type)).toEqual(['person.updated', 'person.created'])
    expect(body.data[0].data).toMatchObject({
      changes: ['customFields'],
      previous: { customFields: {} },
      object: { customFields: { plan: 'basic' } },
    })
  })

  it('refuses bad names and values with the field named, and api tokens', async () => {
    const person = await createPerson(server.api, { fullName: 'Bad Fields' })
    const badName = await patch(person.id, { 'has space': 'x' })
    expect(badName.status).toBe(400)
    expect(badName.body.error.details.field).toMatch(/^customFields/)
    expect((await patch(person.id, { nested: { a: 1 } })).status).toBe(400)
    const viaApi = await server.api.patch(`/api/app/v1/people/${person.id}/custom-fields`, {
      customFields: { plan: 'x' },
    })
    expect(viaApi.status).toBe(403)
    expect(
      (await server.api.patch(`/api/v1/people/${person.id}`, { customFields: {} })).status,
    ).toBe(400)
  })
})
