// One catalogue of error codes, one status each (src/server/http/error-codes.ts): the documented
// table matches it, and a rule met through REST, inbound webhooks or CSV import gets one code.

import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorStatuses } from '../../src/server/http/error-codes'
import { createPipeline, salesPipeline, type PipelineInfo } from '../support/fixtures'
import { createInboundWebhook, deliver } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
let sales: PipelineInfo
let partners: PipelineInfo

beforeAll(async () => {
  server = await startTestServer()
  sales = await salesPipeline(server.admin)
  partners = await createPipeline(server.admin, 'Partners')
})
afterAll(() => server.close())

/** The `| status | code |` rows of the Errors table of docs/decisions.md, as [code, status]. */
function documentedCodes(): [string, number][] {
  const text = readFileSync('docs/decisions.md', 'utf8')
  const table = text.slice(text.indexOf('### Errors'), text.indexOf('### Authentication'))
  return table.split('\n').flatMap((line) => {
    const match = /^\| (\d{3}) +\| ([^|]+)\|/.exec(line)
    if (!match) return []
    const codes = match[2]!.match(/`[a-z_]+`/g) ?? []
    return codes.map((code): [string, number] => [code.slice(1, -1), Number(match[1])])
  })
}

describe('the error catalogue', () => {
  it('docs/decisions.md lists every code with the one status the server answers it with', () => {
    const documented = documentedCodes()
    expect(new Map(documented).size).toBe(documented.length)
    expect(Object.fromEntries(documented)).toEqual(errorStatuses)
  })

  it('validation_error is a 422 and a malformed request a 400 invalid_request, on every door', async () => {
    const rest = await server.api.post('/api/v1/people', { primaryEmail: 'nobody@codes.dev' })
    expect([rest.status, rest.body.error.code]).toEqual([400, 'invalid_request'])
    const webhook = await createInboundWebhook(server, {
      mapping: { fullName: '{{name}}', primaryEmail: '{{email}}' },
    })
    const inbound = await deliver(server, webhook.path, { email: 'nameless@codes.dev' })
    expect([inbound.status, inbound.body.error.code]).toEqual([422, 'validation_error'])
  })
})

describe('a stage of another pipeline', () => {
  it('is stage_not_in_pipeline through REST', async () => {
    const { status, body } = await server.api.post('/api/v1/deals', {
      title: 'Crossed',
      value: 1,
      pipelineId: sales.id,
      stageId: partners.open.id,
    })
    expect([status, body.error.code, body.error.details.field]).toEqual([
      422,
      'stage_not_in_pipeline',
      'stageId',
    ])
  })

  it('is stage_not_in_pipeline through an inbound webhook', async () => {
    const webhook = await createInboundWebhook(server, {
      objectType: 'deal',
      mapping: { title: '{{title}}', pipelineId: sales.id, stageId: '{{stage}}' },
    })
    const { status, body } = await deliver(server, webhook.path, {
      title: 'Crossed',
      stage: partners.open.id,
    })
    expect([status, body.error.code, body.error.details.field]).toEqual([
      422,
      'stage_not_in_pipeline',
      'stageId',
    ])
  })

  it('is stage_not_in_pipeline through CSV import, for the row that names it', async () => {
    const form = new FormData()
    const csv = `Title,Stage\nCrossed,${partners.open.id}\nStraight,${sales.open.id}\n`
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'deals.csv')
    form.append(
      'mapping',
      JSON.stringify({ title: '{{Title}}', pipeline: 'Sales', stage: '{{Stage}}' }),
    )
    const response = await fetch(`${server.url}/api/app/v1/imports/deals`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.adminToken}` },
      body: form,
    })
    const body = (await response.json()) as any
    expect(body).toMatchObject({ rows: 2, created: 1, rejected: 1 })
    expect(body.rejections[0]).toMatchObject({
      line: 2,
      field: 'stage',
      code: 'stage_not_in_pipeline',
    })
  })
})
