import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDeal,
  createPerson,
  firstLostReasonId,
  salesPipeline,
  type PipelineInfo,
} from '../support/fixtures'
import { startTestServer, type Caller, type TestServer } from '../support/server'

const script = resolve(__dirname, '../../examples/sync.mjs')
const run = promisify(execFile)

let server: TestServer
let pipeline: PipelineInfo
let lostReasonId: string
let sync: any
const tempDir = mkdtempSync(join(tmpdir(), 'outpost-sync-'))

beforeAll(async () => {
  server = await startTestServer()
  pipeline = await salesPipeline(server.admin)
  lostReasonId = await firstLostReasonId(server.admin)
  sync = await import(pathToFileURL(script).href)
})
afterAll(async () => {
  await server.close()
  rmSync(tempDir, { recursive: true, force: true })
})

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let state = seed
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)],
  }
}

/** Creates, updates and deletes people and deals at random, the way users and scripts would. */
function writer(caller: Caller, seed: number) {
  const rng = random(seed)
  const people: string[] = []
  const deals: string[] = []
  let counter = 0
  const drop = (list: string[], id: string) => list.splice(list.indexOf(id), 1)
  const addPerson = async () => {
    const tags = rng.below(2) ? ['vip', `t${rng.below(3)}`] : []
    people.push((await createPerson(caller, { fullName: `Person ${seed}-${counter++}`, tags })).id)
  }
  const addDeal = async () => {
    const deal = await createDeal(caller, pipeline, {
      title: `Deal ${seed}-${counter++}`,
      primaryPersonId: rng.pick(people) ?? null,
    })
    deals.push(deal.id)
  }
  // Creations weigh double, so that the workspace grows while it changes.
  const operations = [
    addPerson,
    addPerson,
    addDeal,
    addDeal,
    async () => {
      const id = rng.pick(people)
      if (id) await caller.patch(`/api/v1/people/${id}`, { fullName: `Renamed ${counter++}` })
    },
    async () => {
      const id = rng.pick(people)
      if (id) await caller.patch(`/api/v1/people/${id}`, { tags: [`t${rng.below(4)}`] })
    },
    async () => {
      const id = rng.pick(people)
      if (id && (await caller.delete(`/api/v1/people/${id}`)).status === 204) drop(people, id)
    },
    async () => {
      const id = rng.pick(deals)
      const stage = rng.pick(pipeline.stages)!
      if (id) {
        await caller.patch(`/api/v1/deals/${id}`, {
          stageId: stage.id,
          ...(stage.type === 'lost' ? { lostReasonId } : {}),
        })
      }
    },
    async () => {
      const id = rng.pick(deals)
      if (id) await caller.patch(`/api/v1/deals/${id}`, { value: rng.below(10_000) })
    },
    async () => {
      const id = rng.pick(deals)
      if (id && (await caller.delete(`/api/v1/deals/${id}`)).status === 204) drop(deals, id)
    },
  ]
  return {
    async write(count: number) {
      for (let i = 0; i < count; i++) await operations[rng.below(operations.length)]!()
    },
  }
}

/** The server's records, read when nobody writes. */
async function serverState(caller: Caller) {
  const state: { people: Record<string, unknown>; deals: Record<string, unknown> } = {
    people: {},
    deals: {},
  }
  for (const collection of ['people', 'deals'] as const) {
    for (let page = 1; ; page++) {
      const { body } = await caller.get(`/api/v1/${collection}?page=${page}&pageSize=100`)
      for (const record of body.data) state[collection][record.id] = record
      if (!body.hasMore) break
    }
  }
  return state
}

describe('examples/sync.mjs', () => {
  it('the local copy equals the server’s after creates, updates and deletes during and after the initial pagination', async () => {
    const seedWriter = writer(server.api, 1)
    await seedWriter.write(60)
    const get = sync.createClient({ url: server.url, token: server.apiToken })
    const replica = sync.emptyReplica()
    const duringPages = writer(server.api, 2)
    let pagesOnly: unknown
    // Writes land between page requests (deterministically) and alongside them (concurrently).
    const interleaved = async (path: string) => {
      if (path.startsWith('/api/v1/events?after=') && !path.includes('after=now') && !pagesOnly) {
        pagesOnly = structuredClone({ people: replica.people, deals: replica.deals })
      }
      const body = await get(path)
      if (/^\/api\/v1\/(people|deals)\?/.test(path)) await duringPages.write(3)
      return body
    }
    const concurrent = writer(server.api, 3)
    await Promise.all([
      sync.initialSync(interleaved, replica, { pageSize: 5 }),
      concurrent.write(40),
    ])
    const after = writer(server.api, 4)
    await after.write(40)
    const applied = await sync.pullChanges(get, replica)
    expect(applied).toBeGreaterThan(0)

    const expected = await serverState(server.api)
    expect(Object.keys(expected.people).length).toBeGreaterThan(10)
    expect(Object.keys(expected.deals).length).toBeGreaterThan(10)
    expect({ people: replica.people, deals: replica.deals }).toEqual(expected)
    // Pagination alone would not have been enough: the feed repaired what the pages got wrong.
    expect(pagesOnly).not.toEqual(expected)
  })

  it('runs as a plain Node script: --once makes the copy, and the next run resumes from the saved cursor', async () => {
    const state = join(tempDir, 'replica.json')
    const command = [script, '--once', '--url', server.url, '--state', state]
    const env = { ...process.env, OUTPOST_TOKEN: server.apiToken }
    const first = await run(process.execPath, command, { env })
    expect(first.stdout).toMatch(/^initial copy: \d+ people, \d+ deals$/m)
    const copy = () => JSON.parse(readFileSync(state, 'utf8'))
    expect({ people: copy().people, deals: copy().deals }).toEqual(await serverState(server.api))

    await writer(server.api, 5).write(15)
    const second = await run(process.execPath, command, { env })
    expect(second.stdout).not.toMatch(/initial copy/)
    expect(second.stdout).toMatch(/change\(s\) applied/)
    expect({ people: copy().people, deals: copy().deals }).toEqual(await serverState(server.api))
  })

  it('stops with a one-line error when the token is missing or refused', async () => {
    const command = [script, '--once', '--url', server.url, '--state', join(tempDir, 'x.json')]
    const missing = await run(process.execPath, command, {
      env: { ...process.env, OUTPOST_TOKEN: '' },
    }).catch((error) => error)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/OUTPOST_TOKEN/)
    const refused = await run(process.execPath, command, {
      env: { ...process.env, OUTPOST_TOKEN: 'op_' + 'x'.repeat(43) },
    }).catch((error) => error)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/401/)
  })
})
