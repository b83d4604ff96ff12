// A client generated from the live /api/v1 document at test time, as a customer would make one
// (openapi-typescript for the types, openapi-fetch to call), must type-check and drive the API:
// a missing operation, a wrongly typed field or a default made required fails here.

import { execFile } from 'node:child_process'
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'

const run = promisify(execFile)
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

// Written beside the generated types, type-checked with tsc, then run against the server.
const script = `
import createClient from 'openapi-fetch'
import type { components, paths } from './rest-v1'

type Person = components['schemas']['Person']
type Deal = components['schemas']['Deal']

export async function roundTrip(baseUrl: string, token: string, pipelineId: string, stageId: string) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: 'Bearer ' + token } })
  const seen: Record<string, unknown> = {}

  // @ts-expect-error fullName is required: the generated type must say so
  void client.POST('/people', { body: { primaryEmail: 'x@example.com' } })

  const created = await client.POST('/people', {
    body: { fullName: 'Ana Souza', primaryEmail: 'ana@acme.com.br', tags: ['vip'] },
    params: { header: { 'Idempotency-Key': 'generated-client-person' } },
  })
  const person: Person = created.data!
  seen.personCreated = [created.response.status, created.response.headers.get('location')]
  const id = { params: { path: { id: person.id } } }
  const read = await client.GET('/people/{id}', id)
  seen.personRead = read.data?.fullName
  const updated = await client.PATCH('/people/{id}', {
    ...id,
    body: { lifecycleStage: 'customer', primaryPhone: null },
  })
  seen.personUpdated = updated.data?.lifecycleStage
  seen.personDeleted = (await client.DELETE('/people/{id}', id)).response.status
  const gone = await client.GET('/people/{id}', id)
  seen.personGone = [gone.response.status, gone.error?.error.code]

  // currency has a server default: a body without it must type-check
  const opened = await client.POST('/deals', {
    body: { title: 'Annual plan', value: 12500, pipelineId, stageId, primaryPersonId: null },
  })
  const deal: Deal = opened.data!
  seen.dealCreated = [opened.response.status, deal.currency]
  const dealId = { params: { path: { id: deal.id } } }
  seen.dealRead = (await client.GET('/deals/{id}', dealId)).data?.title
  const repriced = await client.PATCH('/deals/{id}', { ...dealId, body: { value: 14000 } })
  seen.dealUpdated = repriced.data?.value
  const list = await client.GET('/deals', { params: { query: { page: 1, pageSize: 10 } } })
  seen.dealListed = list.data?.data.map((item) => item.id).includes(deal.id)
  seen.dealDeleted = (await client.DELETE('/deals/{id}', dealId)).response.status
  seen.dealGone = (await client.GET('/deals/{id}', dealId)).response.status
  return seen
}
`

let server: TestServer
let dir: string

beforeAll(async () => {
  server = await startTestServer()
  dir = await mkdtemp(join(tmpdir(), 'outpost-generated-client-'))
  // The script resolves openapi-fetch as a customer's project would, from its node_modules.
  await symlink(resolve('node_modules'), join(dir, 'node_modules'), 'dir')
})
afterAll(async () => {
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

describe('a client generated from /api/v1/openapi.json', () => {
  it('type-checks and does a create, read, update, delete of a person and a deal', async () => {
    const document = (await server.as(null).get('/api/v1/openapi.json')).body as OpenAPI3
    // defaultNonNullable: false, as scripts/api-types.ts: openapi-typescript otherwise makes every
    // field with a default required, request bodies included (docs/decisions.md, OpenAPI).
    const types = astToString(await openapiTS(document, { defaultNonNullable: false }))
    await writeFile(join(dir, 'rest-v1.ts'), types)
    await writeFile(join(dir, 'round-trip.ts'), script)

    // A project of its own, as strict as ours, that sees only what it imports.
    const compilerOptions = {
      noEmit: true,
      strict: true,
      target: 'es2022',
      lib: ['es2022', 'dom'],
      module: 'esnext',
      moduleResolution: 'bundler',
      skipLibCheck: true,
      types: [],
    }
    const project = { compilerOptions, files: ['round-trip.ts'] }
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(project))
    const check = await run(process.execPath, [tsc, '-p', dir], { cwd: dir }).catch(
      (error: { stdout?: string }) => ({ stdout: `tsc failed:\n${error.stdout}` }),
    )
    expect(check.stdout).toBe('')

    const pipelines = await server.admin.get('/api/app/v1/pipelines')
    const sales = pipelines.body.data[0]
    const { roundTrip } = (await import(join(dir, 'round-trip.ts'))) as {
      roundTrip: (...args: string[]) => Promise<Record<string, unknown>>
    }
    const seen = await roundTrip(
      `${server.url}/api/v1`,
      server.apiToken,
      sales.id,
      sales.stages[0].id,
    )
    expect(seen).toEqual({
      personCreated: [201, expect.stringMatching(/^\/api\/v1\/people\/[0-9a-f-]{36}$/)],
      personRead: 'Ana Souza',
      personUpdated: 'customer',
      personDeleted: 204,
      personGone: [404, 'not_found'],
      dealCreated: [201, 'BRL'],
      dealRead: 'Annual plan',
      dealUpdated: 14000,
      dealListed: true,
      dealDeleted: 204,
      dealGone: 404,
    })
  }, 30_000)
})
