import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { salesPipeline } from '../support/fixtures'
import {
  createInboundWebhook,
  deliver,
  fixtureJson,
  fixtureText,
  formData,
} from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
// A plain contact webhook most error tests post to.
let contact: { path: string }

beforeAll(async () => {
  server = await startTestServer()
  contact = await createInboundWebhook(server, {
    mapping: { fullName: '{{name}}', primaryEmail: '{{email}}', primaryPhone: '{{phone}}' },
  })
})
afterAll(() => server.close())

const person = async (id: string) => (await server.api.get(`/api/v1/people/${id}`)).body
const deal = async (id: string) => (await server.api.get(`/api/v1/deals/${id}`)).body

describe('POST /webhooks/in/<token> maps the payloads real senders post', () => {
  it('201 {ok, personId} from a Typeform-style nested answers array', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: {
        fullName:
          '{{form_response.answers[field.ref=first_name].text}} {{form_response.answers[field.ref=last_name].text}}',
        primaryEmail: '{{form_response.answers[2].email}}',
        primaryPhone: '{{form_response.answers[field.ref="phone"].phone_number}}',
        leadSource: 'typeform {{form_response.hidden.utm_source}}',
        tags: ['typeform', '{{form_response.hidden.utm_campaign}}'],
        'customFields.companySize':
          '{{form_response.answers[field.ref=company_size].choice.label}}',
        'customFields.budget': '{{form_response.answers[field.ref=budget].number}}',
        'customFields.newsletter': '{{form_response.answers[field.ref=newsletter].boolean}}',
        'customFields.formTitle': '{{form_response.definition.title}}',
      },
    })
    const { status, body } = await deliver(server, webhook.path, fixtureJson('typeform.json'))
    expect(status).toBe(201)
    expect(Object.keys(body).sort()).toEqual(['ok', 'personId'])
    expect(body.ok).toBe(true)
    expect(await person(body.personId)).toMatchObject({
      fullName: 'Mariana Costa',
      primaryEmail: 'mariana.costa@loja-azul.com.br',
      primaryPhone: '+5521998765432',
      leadSource: 'typeform google',
      tags: ['typeform', 'black-friday'],
      customFields: {
        companySize: '51-200',
        budget: 25000,
        newsletter: true,
        formTitle: 'Fale com vendas',
      },
    })
  })

  it('a flat form-encoded contact form: bracketed keys become nested objects and lists', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: {
        fullName: '{{name}}',
        primaryEmail: '{{email}}',
        primaryPhone: '{{phone}}',
        leadSource: '{{utm.source}}',
        tags: '{{interests}}',
        'customFields.campaign': '{{utm[campaign]}}',
        'customFields.message': '{{message}}',
      },
    })
    const { status, body } = await deliver(
      server,
      webhook.path,
      fixtureText('contact-form.txt'),
      'application/x-www-form-urlencoded',
    )
    expect(status).toBe(201)
    expect(await person(body.personId)).toMatchObject({
      fullName: 'Bruno Lima',
      primaryEmail: 'bruno@construtora-horizonte.com.br',
      primaryPhone: '+5511987654321',
      leadSource: 'newsletter',
      tags: ['obras', 'reformas'],
      customFields: {
        campaign: 'black-friday',
        message: 'Gostaria de um orçamento para a obra da Rua das Flores',
      },
    })
  })

  it('a multipart/form-data form (Elementor-style form_fields[...])', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: {
        fullName: '{{form_fields.name}}',
        primaryEmail: '{{form_fields[email]}}',
        primaryPhone: '{{form_fields.phone}}',
        leadSource: '{{form_name}}',
        'customFields.page': '{{meta.page_url.value}}',
      },
    })
    const { status, body } = await deliver(
      server,
      webhook.path,
      formData(fixtureJson('elementor-form.json')),
    )
    expect(status).toBe(201)
    expect(await person(body.personId)).toMatchObject({
      fullName: 'Carla Menezes',
      primaryEmail: 'carla@gmail.com',
      primaryPhone: '+552132109876',
      leadSource: 'Orçamento rápido',
      customFields: { page: 'https://www.exemplo.com.br/orcamento' },
    })
  })

  it('a Jotform-style multipart form: paths go into the JSON text of its rawRequest field', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: {
        fullName: '{{rawRequest.q3_fullName.first}} {{rawRequest.q3_fullName.last}}',
        primaryEmail: '{{rawRequest.q4_email}}',
        tags: '{{rawRequest.q5_interests}}',
        'customFields.formId': '{{formID}}',
      },
    })
    const rawRequest = {
      slug: 'submit/241234567890/',
      q3_fullName: { first: 'Renata', last: 'Prado' },
      q4_email: 'renata@jotform.example',
      q5_interests: ['Obras', 'Reformas'],
    }
    const { status, body } = await deliver(
      server,
      webhook.path,
      formData([
        ['formID', '241234567890'],
        ['submissionID', '5912345678901234567'],
        ['pretty', 'Nome:Renata Prado, E-mail:renata@jotform.example'],
        ['rawRequest', JSON.stringify(rawRequest)],
      ]),
    )
    expect(status).toBe(201)
    expect(await person(body.personId)).toMatchObject({
      fullName: 'Renata Prado',
      primaryEmail: 'renata@jotform.example',
      tags: ['Obras', 'Reformas'],
      customFields: { formId: '241234567890' },
    })
  })

  it('an Unbounce form: its answers are JSON text in a field named data.json, lists of one', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: {
        fullName: '{{data.json.name[0]}}',
        primaryEmail: '{{data.json.email[0]}}',
        leadSource: 'unbounce {{page_name}}',
      },
    })
    const answers = {
      name: ['Tiago Ramos'],
      email: ['tiago@unbounce.example'],
      ip_address: ['203.0.113.9'],
      time_submitted: ['09:15 PM UTC'],
    }
    const body = new URLSearchParams({
      page_id: 'a1b2c3d4-e5f6-7890-abcd-ef1234567890',
      page_name: 'Reforma de cozinha',
      page_url: 'https://unbouncepages.com/reforma-de-cozinha',
      variant: 'a',
      'data.json': JSON.stringify(answers),
      'data.xml': '<?xml version="1.0" encoding="UTF-8"?><form_data></form_data>',
    }).toString()
    const { status, body: answer } = await deliver(
      server,
      webhook.path,
      body,
      'application/x-www-form-urlencoded',
    )
    expect(status).toBe(201)
    expect(await person(answer.personId)).toMatchObject({
      fullName: 'Tiago Ramos',
      primaryEmail: 'tiago@unbounce.example',
      leadSource: 'unbounce Reforma de cozinha',
    })
  })

  it('a HubSpot-style fields[{name, value}] submission, picked by name', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: {
        fullName: '{{fields[name=firstname].value}} {{fields[name=lastname].value}}',
        primaryEmail: '{{fields[name=email].value}}',
        primaryPhone: '{{fields[name=phone].value}}',
        leadSource: '{{context.pageName}}',
        'customFields.message': '{{fields[name=message].value}}',
      },
    })
    const { status, body } = await deliver(server, webhook.path, fixtureJson('hubspot.json'))
    expect(status).toBe(201)
    expect(await person(body.personId)).toMatchObject({
      fullName: 'Júlia Pereira',
      primaryEmail: 'julia.pereira@padariapaoquente.com.br',
      primaryPhone: '+551134567890',
      leadSource: 'Contato',
      customFields: { message: 'Queremos organizar os pedidos de atacado.' },
    })
  })

  it('a Calendly-style booking on a deal webhook: 201 {ok, dealId, personId}', async () => {
    const pipeline = await salesPipeline(server.admin)
    const webhook = await createInboundWebhook(server, {
      objectType: 'deal',
      mapping: {
        title: '{{payload.scheduled_event.name}} with {{payload.name}}',
        pipelineId: pipeline.id,
        stageId: pipeline.open.id,
        expectedCloseDate: '{{payload.scheduled_event.start_time}}',
        fullName: '{{payload.name}}',
        primaryEmail: '{{payload.email}}',
        primaryPhone: '{{payload.text_reminder_number}}',
        leadSource: 'calendly {{payload.tracking.utm_source}}',
        'customFields.company': '{{payload.questions_and_answers[question=Company].answer}}',
      },
    })
    const { status, body } = await deliver(server, webhook.path, fixtureJson('calendly.json'))
    expect(status).toBe(201)
    expect(Object.keys(body).sort()).toEqual(['dealId', 'ok', 'personId'])
    expect(await deal(body.dealId)).toMatchObject({
      title: 'Demo de 30 minutos with Rafael Lima',
      value: 0,
      currency: 'BRL',
      pipelineId: pipeline.id,
      stageId: pipeline.open.id,
      expectedCloseDate: '2026-12-03',
      primaryPersonId: body.personId,
    })
    expect(await person(body.personId)).toMatchObject({
      fullName: 'Rafael Lima',
      primaryEmail: 'rafael.lima@techsul.io',
      primaryPhone: '+5551991234567',
      leadSource: 'calendly linkedin',
      customFields: { company: 'TechSul' },
    })
  })

  it('a deal webhook that maps no person: 201 {ok, dealId} without personId', async () => {
    const pipeline = await salesPipeline(server.admin)
    const webhook = await createInboundWebhook(server, {
      objectType: 'deal',
      mapping: {
        title: 'Order {{order.id}}',
        value: '{{order.total}}',
        currency: '{{order.currency}}',
        pipelineId: pipeline.id,
        stageId: pipeline.open.id,
      },
    })
    const { status, body } = await deliver(server, webhook.path, {
      order: { id: 'A-1001', total: '1.250,90', currency: 'brl' },
    })
    expect(status).toBe(201)
    expect(Object.keys(body).sort()).toEqual(['dealId', 'ok'])
    expect(await deal(body.dealId)).toMatchObject({
      title: 'Order A-1001',
      value: 1250.9,
      currency: 'BRL',
      primaryPersonId: null,
    })
  })

  it('a missing placeholder yields no value, never the literal text {{...}}', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: {
        fullName: '{{first}} {{last}}',
        leadSource: 'Form {{utm_source}}',
        lifecycleStage: '{{stage}}',
        tags: ['{{campaign}}'],
        'customFields.plan': '{{plan}}',
      },
    })
    const { status, body } = await deliver(server, webhook.path, { first: 'Dora' })
    expect(status).toBe(201)
    const created = await person(body.personId)
    expect(created).toMatchObject({
      fullName: 'Dora',
      leadSource: null,
      lifecycleStage: null,
      tags: [],
      customFields: {},
    })
    expect(JSON.stringify(created)).not.toContain('{{')
  })

  it('customFields takes an object of the payload whole, or an object of keys in the mapping', async () => {
    const whole = await createInboundWebhook(server, {
      mapping: { fullName: '{{name}}', customFields: '{{extra}}' },
    })
    const { status, body } = await deliver(server, whole.path, {
      name: 'Iris',
      extra: { plan: 'pro', 'Company size': 12, trial: true },
    })
    expect(status).toBe(201)
    expect((await person(body.personId)).customFields).toEqual({
      plan: 'pro',
      Company_size: 12,
      trial: true,
    })
    const notAnObject = await deliver(server, whole.path, { name: 'Iris B', extra: 'pro' })
    expect([notAnObject.status, notAnObject.body.error.details.field]).toEqual([
      422,
      'customFields',
    ])

    const keyed = await createInboundWebhook(server, {
      mapping: { fullName: '{{name}}', customFields: { plan: '{{plan}}', origin: 'site' } },
    })
    // Kept as the same targets written the other way.
    expect(keyed.mapping).toEqual({
      fullName: '{{name}}',
      'customFields.plan': '{{plan}}',
      'customFields.origin': 'site',
    })
    const keyedDelivery = await deliver(server, keyed.path, { name: 'Ivo', plan: 'basic' })
    expect((await person(keyedDelivery.body.personId)).customFields).toEqual({
      plan: 'basic',
      origin: 'site',
    })
  })

  it("phones without a country code use the webhook's default country", async () => {
    const webhook = await createInboundWebhook(server, {
      defaultCountry: 'US',
      mapping: { fullName: '{{name}}', primaryPhone: '{{phone}}' },
    })
    const { body } = await deliver(server, webhook.path, {
      name: 'Sam Carter',
      phone: '(415) 555-2671',
    })
    expect((await person(body.personId)).primaryPhone).toBe('+14155552671')
  })

  it('JSON sent as text/plain or without a Content-Type is read as JSON', async () => {
    const payload = JSON.stringify({ name: 'Plain Text', email: 'plain@example.com' })
    expect((await deliver(server, contact.path, payload, 'text/plain')).status).toBe(201)
    const bare = await fetch(server.url + contact.path, {
      method: 'POST',
      body: new TextEncoder().encode(
        JSON.stringify({ name: 'No Type', email: 'no-type@example.com' }),
      ),
    })
    expect(bare.status).toBe(201)
  })

  it("JSON labelled as a form (curl -d's default type) is read as JSON, an array too", async () => {
    const form = 'application/x-www-form-urlencoded'
    const one = await deliver(
      server,
      contact.path,
      ' {"name": "Curl Default", "email": "curl@example.com"}',
      form,
    )
    expect(one.status).toBe(201)
    expect(await person(one.body.personId)).toMatchObject({
      fullName: 'Curl Default',
      primaryEmail: 'curl@example.com',
    })
    const many = await deliver(
      server,
      contact.path,
      JSON.stringify([{ name: 'Shell One' }, { name: 'Shell Two' }]),
      form,
    )
    expect(many.status).toBe(200)
    expect(many.body.results.map((result: { status: number }) => result.status)).toEqual([201, 201])
    // A real form whose first field merely starts with a brace is still a form.
    const brace = await deliver(server, contact.path, '{x}=1&name=Form+Field', form)
    expect(brace.status).toBe(201)
    expect((await person(brace.body.personId)).fullName).toBe('Form Field')
  })

  it('a form or JSON posted in ISO-8859-1 keeps its accents, as UTF-8 does', async () => {
    const form = 'application/x-www-form-urlencoded'
    const cases = [
      // A page served as ISO-8859-1 percent-encodes its form in it; browsers send no charset.
      [Buffer.from('name=Jos%E9+Mu%F1oz&email=jose%40latin.example', 'latin1'), form],
      [Buffer.from('name=Fran%C3%A7oise+M%C3%BCller&email=francoise%40utf8.example'), form],
      [Buffer.from('name=João Conceição&email=joao@raw.example', 'latin1'), form],
      [
        Buffer.from('{"name": "André Ávila", "email": "andre@php.example"}', 'latin1'),
        'application/json; charset=iso-8859-1',
      ],
    ] as const
    const names = []
    for (const [body, type] of cases) {
      const { status, body: answer } = await deliver(server, contact.path, body, type)
      expect(status).toBe(201)
      names.push((await person(answer.personId)).fullName)
    }
    expect(names).toEqual(['José Muñoz', 'Françoise Müller', 'João Conceição', 'André Ávila'])
  })

  it('comma-separated text inside a mapped list of tags is split like tags written as text', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: { fullName: '{{name}}', tags: ['site', '{{utm.campaign}}', '{{interests}}'] },
    })
    const { status, body } = await deliver(server, webhook.path, {
      name: 'Tagged Lead',
      utm: { campaign: 'spring, sale' },
      interests: ['Obras', 'reformas,SITE'],
    })
    expect(status).toBe(201)
    expect((await person(body.personId)).tags).toEqual([
      'site',
      'spring',
      'sale',
      'Obras',
      'reformas',
    ])
  })
})

describe('POST /webhooks/in/<token> errors', () => {
  it('422 validation_error with details.field when fullName is absent after mapping', async () => {
    const { status, body } = await deliver(server, contact.path, { email: 'nameless@example.com' })
    expect(status).toBe(422)
    expect(body.error).toMatchObject({ code: 'validation_error', details: { field: 'fullName' } })
  })

  it('a mapping with no fullName only updates: it says so, and with dedupe none is refused', async () => {
    const refused = await server.admin.post('/api/app/v1/inbound-webhooks', {
      name: 'Nameless',
      mapping: { primaryEmail: '{{email}}' },
      dedupe: { strategy: 'none' },
    })
    expect([refused.status, refused.body.error.details.field]).toEqual([400, 'mapping.fullName'])
    const updater = await createInboundWebhook(server, {
      mapping: { primaryEmail: '{{email}}', leadSource: '{{source}}' },
    })
    const known = await deliver(server, contact.path, { name: 'Known', email: 'known@upd.dev' })
    const updated = await deliver(server, updater.path, { email: 'known@upd.dev', source: 'ads' })
    expect([updated.status, updated.body.personId]).toEqual([200, known.body.personId])
    const stranger = await deliver(server, updater.path, { email: 'stranger@upd.dev' })
    expect(stranger.status).toBe(422)
    expect(stranger.body.error.details.field).toBe('fullName')
    expect(stranger.body.error.message).toMatch(/the mapping has no fullName/)
  })

  it('422 naming the field when a mapped value cannot be coerced', async () => {
    const email = await deliver(server, contact.path, { name: 'X', email: 'not-an-email' })
    expect(email.status).toBe(422)
    expect(email.body.error.details.field).toBe('primaryEmail')
    const phone = await deliver(server, contact.path, { name: 'X', phone: 'call me maybe' })
    expect(phone.status).toBe(422)
    expect(phone.body.error.details.field).toBe('primaryPhone')
  })

  it('400 malformed_json for a body that is not JSON', async () => {
    const { status, body } = await deliver(server, contact.path, '{"name": ', 'application/json')
    expect(status).toBe(400)
    expect(body.error.code).toBe('malformed_json')
  })

  it('400 for JSON that is not an object or an array of them: a string, a number, null', async () => {
    for (const text of ['"name"', '42', 'null']) {
      const { status, body } = await deliver(server, contact.path, text, 'application/json')
      expect(status).toBe(400)
      expect(body.error.message).toBe('Request body must be a JSON object')
    }
  })

  it('a JSON array takes each record in as a delivery of its own, with a result for each', async () => {
    const { status, body } = await deliver(
      server,
      contact.path,
      JSON.stringify([
        { name: 'Array One', email: 'one@array.dev' },
        { name: 'Array Two', email: 'not-an-email' },
        'not a record',
      ]),
      'application/json',
    )
    expect(status).toBe(200)
    expect(body.results.map((result: any) => [result.index, result.status])).toEqual([
      [0, 201],
      [1, 422],
      [2, 400],
    ])
    expect((await person(body.results[0].response.personId)).fullName).toBe('Array One')
    expect(body.results[1].response.error.details.field).toBe('primaryEmail')
    const tooMany = JSON.stringify(Array.from({ length: 101 }, (_, i) => ({ name: `P${i}` })))
    const refused = await deliver(server, contact.path, tooMany, 'application/json')
    expect(refused.status).toBe(400)
    expect(refused.body.error.details).toMatchObject({ field: 'body', count: 101 })
    expect((await deliver(server, contact.path, '[]', 'application/json')).status).toBe(400)
  })

  it('reads JSON that starts with a UTF-8 byte-order mark', async () => {
    const { status, body } = await deliver(
      server,
      contact.path,
      '\uFEFF{"name": "Bom Dia", "email": "bom@dia.dev"}',
      'application/json',
    )
    expect(status).toBe(201)
    expect((await person(body.personId)).fullName).toBe('Bom Dia')
  })

  it('400 for an empty JSON body and for a malformed multipart body', async () => {
    expect((await deliver(server, contact.path, '', 'application/json')).status).toBe(400)
    const multipart = await deliver(
      server,
      contact.path,
      'this is not multipart',
      'multipart/form-data; boundary=xyz',
    )
    expect(multipart.status).toBe(400)
    expect(multipart.body.error.code).toBe('malformed_form')
  })

  it('415 for a media type that is neither JSON nor a form', async () => {
    const { status, body } = await deliver(
      server,
      contact.path,
      'name,email\nA,a@x.com',
      'text/csv',
    )
    expect(status).toBe(415)
    expect(body.error.code).toBe('unsupported_media_type')
  })

  it('413 over the 1 MiB size limit, without reading the body', async () => {
    const big = JSON.stringify({ name: 'Big', notes: 'x'.repeat(1024 * 1024) })
    const { status, body } = await deliver(server, contact.path, big, 'application/json')
    expect(status).toBe(413)
    expect(body.error).toMatchObject({
      code: 'payload_too_large',
      details: { limitBytes: 1048576 },
    })
  })

  it('405 for other methods on a webhook URL', async () => {
    const response = await fetch(server.url + contact.path)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
  })

  it('429 over 300 requests per minute per webhook, with Retry-After; other webhooks go on', async () => {
    const busy = await createInboundWebhook(server, { mapping: { fullName: '{{name}}' } })
    const quiet = await createInboundWebhook(server, { mapping: { fullName: '{{name}}' } })
    const statuses: number[] = []
    for (let i = 0; i < 300; i += 1) {
      statuses.push((await deliver(server, `${busy.path}?dryRun=1`, { name: `N${i}` })).status)
    }
    expect(statuses.every((status) => status === 200)).toBe(true)
    const limited = await deliver(server, busy.path, { name: 'One too many' })
    expect(limited.status).toBe(429)
    expect(limited.body.error.code).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('ratelimit-policy')).toBe('"default";q=300;w=60')
    expect((await deliver(server, quiet.path, { name: 'Still fine' })).status).toBe(201)
  })

  it('every answer counted against the limit carries the RateLimit headers, refusals and dry runs too', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: { fullName: '{{name}}', primaryEmail: '{{email}}' },
    })
    const answers = [
      await deliver(server, webhook.path, { name: 'Ana', email: 'ana@example.com' }),
      await deliver(server, webhook.path, { name: 'Bia', email: 'not an e-mail' }),
      await deliver(server, `${webhook.path}?dryRun=1`, { name: 'Cris' }),
      await deliver(server, `${webhook.path}?dryRun=1`, { name: 'Dani', email: 'nope' }),
    ]
    expect(answers.map(({ status }) => status)).toEqual([201, 422, 200, 422])
    const left = answers.map(
      ({ headers }) => headers.get('ratelimit')?.match(/;r=(\d+);t=\d+$/)?.[1],
    )
    expect(left).toEqual(['299', '298', '297', '296'])
  })

  it('a contact form leaves its message as a note and a call-back as a task on the person', async () => {
    const webhook = await createInboundWebhook(server, {
      mapping: {
        fullName: '{{name}}',
        primaryEmail: '{{email}}',
        note: 'From the site: {{message}}',
        task: 'Call back {{name}}',
      },
    })
    const { status, body } = await deliver(server, webhook.path, {
      name: 'Lia Prado',
      email: 'lia@prado.com.br',
      message: 'Quero uma demonstração',
    })
    expect(status).toBe(201)
    const notes = await server.api.get(`/api/v1/notes?personId=${body.personId}`)
    expect(notes.body.data.map((note: { body: string }) => note.body)).toEqual([
      'From the site: Quero uma demonstração',
    ])
    const tasks = await server.api.get(`/api/v1/activities?personId=${body.personId}`)
    expect(tasks.body.data[0]).toMatchObject({
      type: 'task',
      subject: 'Call back Lia Prado',
      done: false,
    })
    expect(tasks.body.data[0].dueDate).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/))
    const dryRun = await deliver(server, `${webhook.path}?dryRun=1`, {
      name: 'X',
      email: 'x@y.com',
    })
    expect(dryRun.status).toBe(200)
  })
})

describe('the query string and headers in mappings', () => {
  it('{{query.x}} and {{headers.x}} map what the URL and headers carry, and a replay keeps them', async () => {
    const hook = await createInboundWebhook(server, {
      mapping: {
        fullName: '{{name}}',
        leadSource: '{{query.utm_source}}',
        tags: ['{{headers.x-campaign}}'],
      },
    })
    const response = await fetch(
      `${server.url}${hook.path}?utm_source=newsletter&utm_medium=mail`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Campaign': 'black-friday' },
        body: JSON.stringify({ name: 'Query Person' }),
      },
    )
    expect(response.status).toBe(201)
    const { personId } = (await response.json()) as { personId: string }
    expect(await person(personId)).toMatchObject({
      leadSource: 'newsletter',
      tags: ['black-friday'],
    })
    // Replayed from the log: the same query and headers as the first time.
    const { body: log } = await server.admin.get(
      `/api/app/v1/inbound-webhooks/${hook.id}/deliveries`,
    )
    await server.api.delete(`/api/v1/people/${personId}`)
    const replay = await server.admin.post(
      `/api/app/v1/inbound-webhooks/${hook.id}/deliveries/${log.data[0].id}/replay`,
    )
    expect(replay.body.status).toBe(201)
    expect(await person(replay.body.response.personId)).toMatchObject({ leadSource: 'newsletter' })
  })
})
