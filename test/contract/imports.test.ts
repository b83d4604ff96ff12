// CSV import through the real HTTP server: every way a real file is damaged either imports each
// row or rejects it by its line, and the counts always add up to the file's rows; deals import by
// names, activities and notes by their person's e-mail and deal's title; the mapping may be sent
// as text or as a JSON file.

import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/server/auth/service'
import { createCompany } from '../../src/server/companies/service'
import { createUser } from '../../src/server/users/service'
import { createDeal, createPerson, salesPipeline } from '../support/fixtures'
import { startTestServer, type Caller, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function upload(
  kind: 'people' | 'deals' | 'activities' | 'notes',
  csv: string | Uint8Array,
  mapping: unknown,
  options: { mappingAsFile?: boolean; token?: string } = {},
) {
  const form = new FormData()
  form.append('file', new Blob([csv], { type: 'text/csv' }), `${kind}.csv`)
  const json = typeof mapping === 'string' ? mapping : JSON.stringify(mapping)
  if (options.mappingAsFile) {
    form.append('mapping', new Blob([json], { type: 'application/json' }), 'mapping.json')
  } else form.append('mapping', json)
  const response = await fetch(`${server.url}/api/app/v1/imports/${kind}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${options.token ?? server.adminToken}` },
    body: form,
  })
  return { status: response.status, body: (await response.json()) as any }
}

const people = { fullName: '{{Name}}', primaryEmail: '{{E-mail}}', primaryPhone: '{{Phone}}' }

/** The summary always accounts for every row of the file. */
function expectAccounted(body: any, rows: number) {
  expect(body.rows).toBe(rows)
  expect(body.created + body.updated + body.rejected + body.skipped).toBe(rows)
  expect(body.rejections).toHaveLength(body.rejected)
}

async function emails(caller: Caller = server.admin) {
  const { body } = await caller.get('/api/app/v1/people?pageSize=100')
  return body.data.map((person: { primaryEmail: string }) => person.primaryEmail).sort()
}

describe('POST /api/app/v1/imports/people: damaged files', () => {
  it('a BOM and CRLF line ends: every row imports, the first column is read by its name', async () => {
    const csv =
      '\uFEFFName,E-mail,Phone\r\nBom One,bom1@csv.dev,(11) 98765-4321\r\nBom Two,bom2@csv.dev,\r\n'
    const { body } = await upload('people', new TextEncoder().encode(csv), people)
    expectAccounted(body, 2)
    expect(body).toMatchObject({ created: 2, rejected: 0, warnings: [] })
    expect(await emails()).toEqual(expect.arrayContaining(['bom1@csv.dev', 'bom2@csv.dev']))
  })

  it('a semicolon- or tab-separated file is read by its header line', async () => {
    const semicolon = 'Name;E-mail;Phone\nSemi Colon;semi@csv.dev;+55 11 98765-1111\n'
    const tab = 'Name\tE-mail\tPhone\nTab Bed;Ok\ttab@csv.dev\t\n'
    expect((await upload('people', semicolon, people)).body).toMatchObject({
      created: 1,
      rejected: 0,
    })
    expect((await upload('people', tab, people)).body).toMatchObject({ created: 1, rejected: 0 })
    const { body } = await server.admin.get('/api/app/v1/people?q=tab@csv.dev')
    expect(body.data[0].fullName).toBe('Tab Bed;Ok')
  })

  it('a file saved by Excel on Windows (Windows-1252) or as "Unicode text" (UTF-16) reads as written', async () => {
    // The bytes of "José Conceição" and "Ærø Købing" in Windows-1252, in a semicolon file.
    const windows = Uint8Array.from(
      'Name;E-mail;Phone\nJos\xe9 Concei\xe7\xe3o;jose@enc.dev;\n\xc6r\xf8 K\xf8bing \x80;aero@enc.dev;\n',
      (char) => char.charCodeAt(0),
    )
    const latin = await upload('people', windows, people)
    expect(latin.status).toBe(200)
    expect(latin.body).toMatchObject({ created: 2, rejected: 0, encoding: 'windows-1252' })
    expect(latin.body.warnings).toEqual([expect.stringContaining('read as Windows-1252')])
    // Excel's "Unicode text": UTF-16 little-endian with its byte-order mark, tab-separated.
    const text = 'Name\tE-mail\tPhone\r\nZoë Ødegård\tzoe@enc.dev\t\r\n'
    const utf16 = new Uint8Array(2 + text.length * 2)
    utf16.set([0xff, 0xfe])
    for (let i = 0; i < text.length; i++) {
      utf16.set([text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8], 2 + i * 2)
    }
    const unicode = await upload('people', utf16, people)
    expect(unicode.body).toMatchObject({ created: 1, encoding: 'utf-16le', warnings: [] })
    const names = async (email: string) =>
      (await server.admin.get(`/api/app/v1/people?q=${email}`)).body.data[0].fullName
    expect(await names('jose@enc.dev')).toBe('José Conceição')
    expect(await names('aero@enc.dev')).toBe('Ærø Købing €')
    expect(await names('zoe@enc.dev')).toBe('Zoë Ødegård')
    // UTF-8 stays UTF-8, and says nothing.
    const plain = await upload('people', 'Name,E-mail,Phone\nJoão Sá,joao@enc.dev,\n', people)
    expect(plain.body).toMatchObject({ created: 1, encoding: 'utf-8', warnings: [] })
    expect(await names('joao@enc.dev')).toBe('João Sá')
  })

  it('a stray quote inside a value is kept as text', async () => {
    const csv = 'Name,E-mail\nAna "the boss" Souza,boss@csv.dev\n'
    const { body } = await upload('people', csv, people)
    expect(body).toMatchObject({ created: 1, rejected: 0 })
    const { body: found } = await server.admin.get('/api/app/v1/people?q=boss@csv.dev')
    expect(found.data[0].fullName).toBe('Ana "the boss" Souza')
  })

  it('a quote never closed rejects its own line only; the rows after it import', async () => {
    const csv = [
      'Name,E-mail',
      'Open One,open1@csv.dev',
      '"Broken Quote,broken@csv.dev',
      'Open Three,open3@csv.dev',
      '"Multi',
      'Line",multi@csv.dev',
      'Open Six,open6@csv.dev',
    ].join('\n')
    const { body } = await upload('people', csv, people)
    expectAccounted(body, 5)
    expect(body).toMatchObject({ created: 4, rejected: 1 })
    expect(body.rejections).toEqual([
      {
        line: 3,
        field: null,
        code: 'malformed_csv',
        message: 'line 3 opens a quoted value that is never closed',
      },
    ])
    expect(await emails()).toEqual(
      expect.arrayContaining(['open1@csv.dev', 'open3@csv.dev', 'multi@csv.dev', 'open6@csv.dev']),
    )
  })

  it('a truncated last line is rejected with its line, cut in a value or in a quote', async () => {
    const cut = await upload(
      'people',
      'Name,E-mail,Phone\nWhole,whole@csv.dev,\nCut,cut@cs',
      people,
    )
    expectAccounted(cut.body, 2)
    expect(cut.body.rejections).toEqual([
      expect.objectContaining({
        line: 3,
        code: 'malformed_csv',
        message: 'line 3 has 2 columns; the header has 3',
      }),
    ])
    const quoted = await upload('people', 'Name,E-mail\nWhole Two,whole2@csv.dev\n"Cut, in', people)
    expect(quoted.body.rejections).toEqual([
      expect.objectContaining({ line: 3, code: 'malformed_csv' }),
    ])
  })

  it('blank rows are counted as skipped, so the counts still add up to the lines', async () => {
    const csv = 'Name,E-mail\n\nBlank Next,blank@csv.dev\n,\n  \nLast,last@csv.dev\n'
    const { body } = await upload('people', csv, people)
    expectAccounted(body, 5)
    expect(body).toMatchObject({ created: 2, skipped: 3, rejected: 0 })
  })

  it('takes the mapping as a JSON file part (curl -F mapping=@mapping.json) as well as text', async () => {
    const csv = 'Name,E-mail\nFile Part,filepart@csv.dev\n'
    const { status, body } = await upload(
      'people',
      csv,
      { mapping: people },
      { mappingAsFile: true },
    )
    expect(status).toBe(200)
    expect(body).toMatchObject({ created: 1, rejected: 0 })
    const broken = await upload('people', csv, '{"fullName":', { mappingAsFile: true })
    expect(broken.status).toBe(400)
    expect(broken.body.error.details.field).toBe('mapping')
  })

  it('400 naming the file when the header line itself opens a quote it never closes', async () => {
    const { status, body } = await upload('people', '"Name,E-mail\nA,a@csv.dev\n', people)
    expect(status).toBe(400)
    expect(body.error.details.field).toBe('file')
  })
})

describe('POST /api/app/v1/imports/deals', () => {
  const mapping = {
    title: '{{Title}}',
    value: '{{Value}}',
    currency: '{{Currency}}',
    pipeline: '{{Pipeline}}',
    stage: '{{Stage}}',
    person: '{{Person}}',
    company: '{{Company}}',
    lostReason: '{{Lost reason}}',
    tags: '{{Tags}}',
  }
  const header = 'Title,Value,Currency,Pipeline,Stage,Person,Company,Lost reason,Tags'

  it('creates deals by pipeline and stage name, person by e-mail, company by name', async () => {
    const person = await createPerson(server.api, {
      fullName: 'Deal Buyer',
      primaryEmail: 'buyer@deals.dev',
    })
    const { body: company } = await server.admin.post('/api/app/v1/companies', {
      name: 'Padaria Central',
    })
    const { body: reasons } = await server.admin.get('/api/app/v1/lost-reasons')
    const csv = [
      header,
      'Bread contract,"1.500,50",brl,sales,Proposal,BUYER@deals.dev,padaria central,,"big, q1"',
      `Gone,10,BRL,Sales,Lost,,,${reasons.data[0].name},`,
    ].join('\r\n')
    const { status, body } = await upload('deals', csv, mapping)
    expect(status).toBe(200)
    expect(body).toMatchObject({ rows: 2, created: 2, rejected: 0 })
    const { body: deals } = await server.admin.get(`/api/app/v1/deals?personId=${person.id}`)
    expect(deals.data[0]).toMatchObject({
      title: 'Bread contract',
      value: 1500.5,
      currency: 'BRL',
      primaryCompanyId: company.id,
      tags: ['big', 'q1'],
    })
  })

  it('a name that matches nothing rejects the row, naming the field and the line', async () => {
    const csv = [
      header,
      'No pipeline,1,BRL,Nowhere,Lead,,,,',
      'No stage,1,BRL,Sales,Limbo,,,,',
      'No person,1,BRL,Sales,Lead,nobody@deals.dev,,,',
      'No company,1,BRL,Sales,Lead,,Ghost Corp,,',
      'Lost without reason,1,BRL,Sales,Lost,,,,',
      'Bad value,lots,BRL,Sales,Lead,,,,',
      'Good one,1,BRL,Sales,Lead,,,,',
    ].join('\n')
    const { body } = await upload('deals', csv, mapping)
    expectAccounted(body, 7)
    expect(body.created).toBe(1)
    expect(body.rejections.map((item: any) => [item.line, item.field, item.code])).toEqual([
      [2, 'pipeline', 'invalid_reference'],
      [3, 'stage', 'invalid_reference'],
      [4, 'person', 'invalid_reference'],
      [5, 'company', 'invalid_reference'],
      [6, 'lostReasonId', 'lost_reason_required'],
      [7, 'value', 'validation_error'],
    ])
    expect(body.rejections[0].message).toBe(
      'pipeline "Nowhere" matches no pipeline of this workspace',
    )
  })

  it('400 for a mapping without pipeline, stage or title, or with a target deals do not have', async () => {
    const csv = `${header}\nX,1,BRL,Sales,Lead,,,,\n`
    const noStage = await upload('deals', csv, { title: '{{Title}}', pipeline: '{{Pipeline}}' })
    expect(noStage.status).toBe(400)
    expect(noStage.body.error.details.field).toBe('mapping.stage')
    const unknown = await upload('deals', csv, { ...mapping, fullName: '{{Title}}' })
    expect(unknown.body.error.details.field).toBe('mapping.fullName')
  })

  it('an exported deals file imports back into another workspace', async () => {
    const other = await server.otherWorkspace('Deals copy')
    const { token } = await createApiToken(
      server.db,
      other.tenantId,
      { name: 'copy', scope: 'admin' },
      new Date(),
    )
    await other.admin.post('/api/app/v1/companies', { name: 'Padaria Central' })
    await createPerson(other.admin, { fullName: 'Deal Buyer', primaryEmail: 'buyer@deals.dev' })
    const response = await fetch(`${server.url}/api/app/v1/exports/deals`, {
      headers: { Authorization: `Bearer ${server.adminToken}` },
    })
    const exported = await response.text()
    const rows = parse(exported, { columns: true }) as Record<string, string>[]
    const columns = [
      'title',
      'value',
      'currency',
      'pipeline',
      'stage',
      'person',
      'company',
      'owner',
      'lostReason',
      'expectedCloseDate',
      'tags',
    ]
    const { body } = await upload(
      'deals',
      exported,
      Object.fromEntries(columns.map((column) => [column, `{{${column}}}`])),
      { token },
    )
    expect(body).toMatchObject({ rows: rows.length, created: rows.length, rejected: 0 })
    const { body: copies } = await other.admin.get('/api/app/v1/deals?pageSize=100')
    expect(copies.data.map((deal: { title: string }) => deal.title).sort()).toEqual(
      rows.map((row) => row.title).sort(),
    )
  })

  it('finds companies and owners by name among more than a batch of them, and exports their names', async () => {
    // Looked up in batches of a thousand: the ones past the first batch are found too.
    const many = await server.otherWorkspace('Many companies')
    const now = new Date()
    for (let i = 0; i < 1_050; i++) {
      await createCompany(server.db, many.tenantId, { name: `Firm ${i}` }, now)
    }
    const owner = await createUser(server.db, many.tenantId, { name: 'Owner Late' }, now)
    const { token } = await createApiToken(
      server.db,
      many.tenantId,
      { name: 'many', scope: 'admin' },
      now,
    )
    const imported = await upload(
      'people',
      'Name,Company,Owner\nEarly,Firm 3,Owner Late\nLate,Firm 1049,Owner Late\n',
      { fullName: '{{Name}}', company: '{{Company}}', owner: '{{Owner}}' },
      { token },
    )
    expect(imported.body).toMatchObject({ rows: 2, created: 2, rejected: 0 })
    const response = await fetch(`${server.url}/api/app/v1/exports/people`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const rows = parse(await response.text(), { columns: true }) as Record<string, string>[]
    expect(rows.map((row) => [row.fullName, row.company, row.ownerId])).toEqual([
      ['Early', 'Firm 3', owner.id],
      ['Late', 'Firm 1049', owner.id],
    ])
  })

  it('401 without a token, 403 with an api token', async () => {
    expect((await upload('deals', 'Title\n', mapping, { token: '' })).status).toBe(401)
    expect((await upload('deals', 'Title\n', mapping, { token: server.apiToken })).status).toBe(403)
  })
})

describe('POST /api/app/v1/imports/activities and /notes', () => {
  it('brings a call history and work to do, linked by e-mail and deal title', async () => {
    const person = await createPerson(server.api, {
      fullName: 'History Person',
      primaryEmail: 'history@work.dev',
    })
    const deal = await createDeal(server.api, await salesPipeline(server.admin), {
      title: 'Padaria renewal',
    })
    const mapping = {
      type: '{{Type}}',
      subject: '{{Subject}}',
      dueDate: '{{Date}}',
      dueTime: '{{Time}}',
      done: '{{Done}}',
      outcome: '{{Outcome}}',
      person: '{{E-mail}}',
      deal: '{{Deal}}',
    }
    const csv = [
      'Type,Subject,Date,Time,Done,Outcome,E-mail,Deal',
      'Call,First call,2026-03-02,10:00,yes,Interested,HISTORY@work.dev,Padaria renewal',
      'meeting,Demo,2026-03-09,,sim,,history@work.dev,',
      'task,Send contract,2026-12-01,,no,,history@work.dev,Padaria renewal',
      'fax,Old habit,2026-03-01,,yes,,history@work.dev,',
      'call,Nobody,2026-03-01,,yes,,nobody@work.dev,',
      'call,Wrong deal,2026-03-01,,yes,,,No such deal',
      'call,Bad time,2026-03-01,25:00,yes,,,',
    ].join('\n')
    const { status, body } = await upload('activities', csv, mapping)
    expect(status).toBe(200)
    expect(body).toMatchObject({ rows: 7, created: 3, rejected: 4 })
    expect(body.rejections.map((rejection: any) => [rejection.line, rejection.field])).toEqual([
      [5, 'type'],
      [6, 'person'],
      [7, 'deal'],
      [8, 'dueTime'],
    ])
    const { body: list } = await server.api.get(`/api/v1/activities?personId=${person.id}`)
    const bySubject = Object.fromEntries(list.data.map((a: any) => [a.subject, a]))
    expect(bySubject['First call']).toMatchObject({
      type: 'call',
      done: true,
      dueDate: '2026-03-02',
      dueTime: '10:00',
      outcome: 'Interested',
      dealId: deal.id,
    })
    expect(bySubject['Demo']).toMatchObject({ type: 'meeting', done: true, dealId: null })
    expect(bySubject['Send contract']).toMatchObject({ type: 'task', done: false })
    // Written as the REST API would write them: the change feed has them, made by the import.
    const { body: events } = await server.api.get('/api/v1/events?limit=100')
    const created = events.data.filter((event: any) => event.type === 'activity.created')
    expect(created.length).toBeGreaterThanOrEqual(3)
  })

  it('brings notes, back-dated and pinned, onto people and deals', async () => {
    const person = await createPerson(server.api, {
      fullName: 'Noted',
      primaryEmail: 'noted@work.dev',
    })
    const mapping = {
      body: '{{Note}}',
      person: '{{E-mail}}',
      pinned: '{{Pinned}}',
      notedAt: '{{Date}}',
    }
    const csv = [
      'Note,E-mail,Pinned,Date',
      '"Prefers **WhatsApp**",noted@work.dev,yes,2025-06-30',
      'Met at the fair,noted@work.dev,,2025-07-01T15:30:00-03:00',
      'Tomorrow,noted@work.dev,,2999-01-01',
      'Orphan,,,',
    ].join('\n')
    const { body } = await upload('notes', csv, mapping)
    expect(body).toMatchObject({ rows: 4, created: 2, rejected: 2 })
    expect(body.rejections.map((rejection: any) => rejection.field)).toEqual([
      'notedAt',
      'personId',
    ])
    const { body: notes } = await server.api.get(`/api/v1/notes?personId=${person.id}`)
    const pinned = notes.data.find((note: any) => note.body === 'Prefers **WhatsApp**')
    expect(pinned).toMatchObject({ pinned: true, notedAt: '2025-06-30T12:00:00.000Z' })
    const fair = notes.data.find((note: any) => note.body === 'Met at the fair')
    expect(fair).toMatchObject({ pinned: false, notedAt: '2025-07-01T18:30:00.000Z' })
  })

  it('400 for a mapping onto what the kind cannot fill, before any row is read', async () => {
    const { status, body } = await upload('notes', 'Note\nx\n', { title: '{{Note}}' })
    expect(status).toBe(400)
    expect(body.error.details.field).toBe('mapping.title')
    const missing = await upload('activities', 'Type\ncall\n', { type: '{{Type}}' })
    expect(missing.status).toBe(400)
    expect(missing.body.error.details.field).toBe('mapping.subject')
  })
})
