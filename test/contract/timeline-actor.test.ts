import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPerson } from '../support/fixtures'
import { importNames } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const timelineOf = async (personId: string) =>
  (await server.admin.get(`/api/app/v1/people/${personId}/events`)).body.data as {
    type: string
    actor: unknown
    data: { previous?: Record<string, unknown>; object: Record<string, unknown> }
  }[]

describe('who made a change', () => {
  it('names the token, the inbound webhook and the import behind each change, with old and new values', async () => {
    const person = await createPerson(server.api, {
      fullName: 'Ana Lima',
      primaryEmail: 'ana@acme.com',
    })
    const webhook = await server.admin.post('/api/app/v1/inbound-webhooks', {
      name: 'Site form',
      mapping: { fullName: '{{name}}', primaryEmail: '{{email}}' },
    })
    const delivered = await fetch(webhook.body.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana Lima Souza', email: 'ana@acme.com' }),
    })
    expect(delivered.status).toBeLessThan(300)
    const timeline = await timelineOf(person.id)
    expect(timeline.map((event) => [event.type, event.actor])).toEqual([
      ['person.updated', { kind: 'inbound', name: 'Site form' }],
      ['person.created', { kind: 'token', name: 'test api' }],
    ])
    expect(timeline[0]!.data.previous).toEqual({ fullName: 'Ana Lima' })
    expect(timeline[0]!.data.object.fullName).toBe('Ana Lima Souza')
  })

  it('names a CSV import', async () => {
    const imported = await importNames(server.url, server.adminToken, ['Bruno Reis'])
    expect(imported.status).toBeLessThan(300)
    const found = await server.admin.get('/api/app/v1/people?q=bruno')
    const timeline = await timelineOf(found.body.data[0].id)
    expect(timeline[0]!.actor).toEqual({ kind: 'import' })
  })

  it('names the user working in the app when the session says who they are, and makes them a note’s author', async () => {
    const login = await fetch(server.loginUrl, { redirect: 'manual' })
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!
    const bia = (await server.admin.post('/api/app/v1/users', { name: 'Bia Lima' })).body
    const person = await createPerson(server.api, { fullName: 'Caio Prado' })
    const inApp = (headers: Record<string, string>, path: string, body: unknown) =>
      fetch(server.url + path, {
        method: path.endsWith('notes') ? 'POST' : 'PATCH',
        headers: {
          Cookie: cookie,
          'X-Outpost-Workspace': server.tenantId,
          'Content-Type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
      })
    expect((await inApp({}, `/api/v1/people/${person.id}`, { leadSource: 'fair' })).status).toBe(
      200,
    )
    expect(
      (
        await inApp({ 'X-Outpost-User': bia.id }, `/api/v1/people/${person.id}`, {
          leadSource: 'ads',
        })
      ).status,
    ).toBe(200)
    // Someone who is not a user of the workspace is not believed.
    await inApp({ 'X-Outpost-User': 'nobody' }, `/api/v1/people/${person.id}`, {
      leadSource: 'site',
    })
    // Newest first: "site" (nobody), "ads" (Bia), "fair" (nobody said).
    const actors = (await timelineOf(person.id)).slice(0, 3).map((event) => event.actor)
    expect(actors).toEqual([
      { kind: 'ui' },
      { kind: 'user', id: bia.id, name: 'Bia Lima' },
      { kind: 'ui' },
    ])
    const note = await inApp({ 'X-Outpost-User': bia.id }, '/api/v1/notes', {
      personId: person.id,
      body: 'Met at the fair',
    })
    expect(((await note.json()) as { authorId: string }).authorId).toBe(bia.id)
  })
})
