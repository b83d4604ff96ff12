// The recipes of docs/inbound.md, as written there: each mapping is read from the page, a webhook
// is made with it, and the payload its sender was recorded sending is delivered as that sender
// sends it. A recipe whose mapping stops working, or a page edit that breaks one, fails here.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { salesPipeline } from '../support/fixtures'
import { createInboundWebhook, deliver, fixtureJson, fixtureText } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** The mapping printed after `<!-- recipe: name -->` in docs/inbound.md. */
function recipeMapping(name: string): Record<string, unknown> {
  const page = readFileSync('docs/inbound.md', 'utf8')
  const found = new RegExp(`<!-- recipe: ${name} -->\\s*\`\`\`json\\n([\\s\\S]*?)\\n\`\`\``).exec(
    page,
  )
  if (!found) throw new Error(`docs/inbound.md has no recipe "${name}"`)
  return JSON.parse(found[1]!) as Record<string, unknown>
}

async function takeIn(
  name: string,
  payload: unknown,
  options: { contentType?: string; query?: string; settings?: Record<string, unknown> } = {},
) {
  const webhook = await createInboundWebhook(server, {
    name: `Recipe ${name}`,
    mapping: recipeMapping(name),
    ...options.settings,
  })
  const answer = await deliver(
    server,
    webhook.path + (options.query ?? ''),
    payload,
    options.contentType,
  )
  expect(answer.status).toBe(201)
  const person = (await server.api.get(`/api/v1/people/${answer.body.personId}`)).body
  return { answer, person }
}

const notesOf = async (personId: string) =>
  (await server.api.get(`/api/v1/notes?personId=${personId}`)).body.data.map(
    (note: { body: string }) => note.body,
  )

describe('inbound recipes (docs/inbound.md)', () => {
  it('a plain HTML form', async () => {
    const { person } = await takeIn('html-form', fixtureText('contact-form.txt'), {
      contentType: 'application/x-www-form-urlencoded',
    })
    expect(person).toMatchObject({
      fullName: 'Bruno Lima',
      primaryEmail: 'bruno@construtora-horizonte.com.br',
      primaryPhone: '+5511987654321',
      leadSource: 'site newsletter',
      tags: ['site', 'obras', 'reformas'],
    })
    expect(await notesOf(person.id)).toEqual([
      'Gostaria de um orçamento para a obra da Rua das Flores',
    ])
  })

  it("a site's fetch, with the page's UTM parameters from the query string", async () => {
    const { person } = await takeIn('site-fetch', fixtureJson('recipes/site-fetch.json'), {
      query: '?utm_source=instagram',
    })
    expect(person).toMatchObject({
      fullName: 'Paulo Reis',
      primaryEmail: 'paulo@reis.dev',
      leadSource: 'site instagram',
      customFields: { page: '/precos' },
    })
    expect(await notesOf(person.id)).toEqual(['Vocês integram com o nosso ERP?'])
  })

  it('Typeform', async () => {
    const { person } = await takeIn('typeform', fixtureJson('typeform.json'))
    expect(person).toMatchObject({
      fullName: 'Mariana Costa',
      primaryEmail: 'mariana.costa@loja-azul.com.br',
      primaryPhone: '+5521998765432',
      leadSource: 'typeform google',
      customFields: { budget: 25000 },
    })
  })

  it('Calendly, as a deal in the first stage due on the meeting day', async () => {
    const pipeline = await salesPipeline(server.admin)
    const mapping = {
      ...recipeMapping('calendly'),
      pipelineId: pipeline.id,
      stageId: pipeline.open.id,
    }
    const webhook = await createInboundWebhook(server, { objectType: 'deal', mapping })
    const { status, body } = await deliver(server, webhook.path, fixtureJson('calendly.json'))
    expect(status).toBe(201)
    const deal = (await server.api.get(`/api/v1/deals/${body.dealId}`)).body
    expect(deal).toMatchObject({
      title: 'Demo de 30 minutos with Rafael Lima',
      stageId: pipeline.open.id,
      expectedCloseDate: '2026-12-03',
      primaryPersonId: body.personId,
    })
    const person = (await server.api.get(`/api/v1/people/${body.personId}`)).body
    expect(person).toMatchObject({
      fullName: 'Rafael Lima',
      primaryEmail: 'rafael.lima@techsul.io',
      primaryPhone: '+5551991234567',
      customFields: { company: 'TechSul' },
    })
  })

  it('Google Forms through Apps Script, answers keyed by their titles', async () => {
    const { person } = await takeIn('google-forms', fixtureJson('recipes/google-forms.json'))
    expect(person).toMatchObject({
      fullName: 'Luana Ferreira',
      primaryEmail: 'luana.ferreira@padariaboavista.com.br',
      primaryPhone: '+5531998765432',
      leadSource: 'google forms Instagram',
      tags: ['google-forms', 'Cardápio digital', 'Delivery'],
    })
    expect(await notesOf(person.id)).toEqual(['Queremos começar em janeiro, com duas lojas.'])
  })

  it('Google Ads lead forms: the key in the body checked and kept out of the log, a resent lead once', async () => {
    const lead = fixtureJson('recipes/google-ads.json')
    const webhook = await createInboundWebhook(server, {
      name: 'Recipe google-ads',
      mapping: recipeMapping('google-ads'),
      deliveryIdPath: 'lead_id',
      verification: { kind: 'google-ads', secret: lead.google_key },
    })
    const first = await deliver(server, webhook.path, lead)
    expect(first.status).toBe(201)
    const person = (await server.api.get(`/api/v1/people/${first.body.personId}`)).body
    expect(person).toMatchObject({
      fullName: 'Renata Albuquerque',
      primaryEmail: 'renata@vidracaria-sol.com.br',
      primaryPhone: '+5562991234567',
      leadSource: 'google ads',
      tags: ['google-ads'],
      customFields: { company: 'Vidraçaria Sol', city: 'Goiânia', campaign: 20000000000 },
    })
    expect(await notesOf(person.id)).toEqual(['Box de banheiro'])
    // Google sends a lead again when it did not see the answer: one person still.
    const again = await deliver(server, webhook.path, lead)
    expect(again.body.personId).toBe(person.id)
    const forged = await deliver(server, webhook.path, { ...lead, google_key: 'guess' })
    expect(forged.status).toBe(401)
    expect((await deliver(server, webhook.path, { ...lead, google_key: undefined })).status).toBe(
      401,
    )
    // The log shows every body with the key replaced, whatever the outcome.
    const log = await server.admin.get(`/api/app/v1/inbound-webhooks/${webhook.id}/deliveries`)
    const bodies = log.body.data.map((delivery: { body: string }) => delivery.body)
    expect(bodies.length).toBeGreaterThanOrEqual(3)
    for (const body of bodies) expect(body).not.toContain(lead.google_key)
    expect(bodies.filter((body: string) => body.includes('"google_key":"[removed]"'))).toHaveLength(
      bodies.length - 1,
    )
    expect(log.text).not.toContain(lead.google_key)
    expect(log.text).not.toContain('guess')
  })

  it("n8n's HTTP Request node", async () => {
    const { person } = await takeIn('n8n', fixtureJson('recipes/n8n.json'))
    expect(person).toMatchObject({
      fullName: 'Otávio Nunes',
      primaryEmail: 'otavio@nunes-arquitetura.com.br',
      primaryPhone: '+5548996543210',
      leadSource: 'n8n planilha de eventos',
      tags: ['n8n', 'feira-construsul'],
      customFields: { company: 'Nunes Arquitetura' },
    })
  })
})
