// An export as an Excel workbook, read back by a spreadsheet reader (read-excel-file): the same
// rows as the CSV, numbers and booleans typed, text kept as typed (a leading = stays text).

import readXlsxFile from 'read-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeal, createPerson, salesPipeline } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function download(kind: string) {
  const response = await fetch(`${server.url}/api/app/v1/exports/${kind}?format=xlsx`, {
    headers: { Authorization: `Bearer ${server.adminToken}` },
  })
  const bytes = Buffer.from(await response.arrayBuffer())
  return { response, bytes }
}

/** The first sheet as objects keyed by the header row. */
async function sheetOf(bytes: Buffer) {
  const [sheet] = await readXlsxFile(bytes)
  const [header, ...rows] = sheet!.data
  return {
    name: sheet!.sheet,
    header: header as string[],
    rows: rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]]))),
  }
}

describe('GET /api/app/v1/exports/{kind}?format=xlsx', () => {
  it('is a workbook a spreadsheet opens: the CSV’s columns, numbers as numbers', async () => {
    const sales = await salesPipeline(server.admin)
    const ana = await createPerson(server.api, {
      fullName: 'João Conceição <&> "quoted"',
      primaryEmail: 'joao@planilha.com.br',
      tags: ['vip', 'sp'],
    })
    await server.admin.patch(`/api/app/v1/people/${ana.id}/custom-fields`, {
      customFields: { seats: 12, trial: true, formula: '=1+1' },
    })
    await createDeal(server.api, sales, {
      title: 'Planilha',
      value: 1234.5,
      primaryPersonId: ana.id,
    })

    const { response, bytes } = await download('people')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="outpost-people-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    )
    const people = await sheetOf(bytes)
    expect(people.name).toBe('People')
    expect(people.header.slice(0, 2)).toEqual(['id', 'fullName'])
    expect(people.header).toEqual(
      expect.arrayContaining(['customFields.seats', 'customFields.trial', 'createdAt']),
    )
    expect(people.rows).toHaveLength(1)
    expect(people.rows[0]).toMatchObject({
      id: ana.id,
      fullName: 'João Conceição <&> "quoted"',
      primaryEmail: 'joao@planilha.com.br',
      tags: 'vip, sp',
      'customFields.seats': 12,
      'customFields.trial': true,
      // Text, not a formula: a workbook's cell says which it is.
      'customFields.formula': '=1+1',
    })

    const deals = await sheetOf((await download('deals')).bytes)
    expect(deals.name).toBe('Deals')
    expect(deals.rows[0]).toMatchObject({
      title: 'Planilha',
      value: 1234.5,
      person: 'joao@planilha.com.br',
    })
  })

  it('an empty workspace gives the header alone; an unknown format is a 400 naming it', async () => {
    const other = await server.otherWorkspace('Empty export')
    const response = await fetch(`${server.url}/api/app/v1/exports/notes?format=xlsx`, {
      headers: { Authorization: `Bearer ${other.token}` },
    })
    const notes = await sheetOf(Buffer.from(await response.arrayBuffer()))
    expect(notes.header[0]).toBe('id')
    expect(notes.rows).toEqual([])
    const wrong = await server.admin.get('/api/app/v1/exports/notes?format=xls')
    expect([wrong.status, wrong.body.error.details.field]).toEqual([400, 'format'])
  })
})
