// The workloads of issue 12, each measured on Outpost and on the floor in the same run. Every
// ratio is oriented so that higher is better; `target` is the least ratio the issue accepts.
import { execFileSync } from 'node:child_process'
import http from 'node:http'
import { statSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { idOf, type Dataset } from './dataset'
import { drive, type Load, type LoadResult } from './load'
import type { Running } from './processes'
import type { Queries } from './queries'

export interface WorkloadResult {
  id: string
  name: string
  value: number
  unit: string
  floor: number
  ratio: number
  target: number
  p50?: number
  p99?: number
  /** The same work in-process, straight on the file (no HTTP), in operations a second. */
  raw?: number
}

export interface Context {
  dataset: Dataset
  outpost: Running
  floor: Running
  token: string
  /** The file both servers serve (a copy of the dataset). */
  file: string
  /** How long a walk of every page may take before it is extrapolated. */
  walkBudgetMs: number
  /** The floor's queries, run in this process on the same file for the raw figures. */
  raw: Queries
  /** The connection they run on. */
  rawDb: BetterSqlite3.Database
}

const pageSize = 100
const root = join(import.meta.dirname, '..', '..')
const personId = (dataset: Dataset, n: number) => idOf(7, 1 + ((n * 7919) % dataset.people))

function throughput(
  id: string,
  name: string,
  outpost: LoadResult,
  floor: LoadResult,
  target: number,
): WorkloadResult {
  if (outpost.errors > 0 || floor.errors > 0) {
    throw new Error(`${id}: ${outpost.errors} errors from Outpost, ${floor.errors} from the floor`)
  }
  return {
    id,
    name,
    value: Math.round(outpost.rps),
    unit: 'req/s',
    floor: Math.round(floor.rps),
    ratio: outpost.rps / floor.rps,
    target,
    p50: outpost.p50,
    p99: outpost.p99,
  }
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` })

/** A load's requests on each side: Outpost's under `/api/v1`, with the token; the floor's bare. */
interface Sides {
  outpost: Load['request']
  floor: Load['request']
}

/** The same load on both servers, one after the other. */
async function compare(
  c: Context,
  workload: { id: string; name: string; target: number; method?: Load['method'] },
  sides: Sides,
  raw?: (n: number) => void,
): Promise<WorkloadResult> {
  const { id, name, target, method } = workload
  const outpost = await drive({
    url: c.outpost.url,
    method,
    headers: auth(c.token),
    request: sides.outpost,
  })
  const floor = await drive({ url: c.floor.url, method, request: sides.floor })
  const result = throughput(id, name, outpost, floor, target)
  return raw ? { ...result, raw: Math.round(rawRate(raw)) } : result
}

/** How many times a second `run` goes, in this process, over about a second. */
function rawRate(run: (n: number) => void): number {
  const began = performance.now()
  let n = 0
  while (performance.now() - began < 1000) run(n++)
  return (n * 1000) / (performance.now() - began)
}

/**
 * How Outpost is asked each load workload, whichever engine serves it (the team server's run,
 * bench/http/team-server.ts, asks the same). `who` keeps the e-mails one run creates apart from
 * another's; `inboundPath` is W7's webhook on that server.
 */
export function outpostRequests(c: Context, who: string, inboundPath = '') {
  const page = Math.max(2, Math.floor(c.dataset.people / pageSize / 2))
  return {
    W1: (n: number) => ({ path: `/api/v1/people/${personId(c.dataset, n)}` }),
    W2: () => ({ path: `/api/v1/people?page=1&pageSize=${pageSize}` }),
    W3: () => ({ path: `/api/v1/people?page=${page}&pageSize=${pageSize}` }),
    W5: (n: number) => ({
      path: '/api/v1/people',
      body: { fullName: `New ${n}`, primaryEmail: `${who}-new${n}@bench.test`, tags: ['a', 'b'] },
    }),
    W6: (n: number) => ({
      path: `/api/v1/people/${personId(c.dataset, n * 31)}`,
      body: { fullName: `Renamed ${n}` },
    }),
    W7: (n: number) => ({ path: inboundPath, body: delivered(who, n) }),
  } satisfies Record<string, Load['request']>
}

export const getById = (c: Context) =>
  compare(
    c,
    { id: 'W1', name: 'GET a person by id', target: 0.8 },
    {
      outpost: outpostRequests(c, 'outpost').W1,
      floor: (n) => ({ path: `/people/${personId(c.dataset, n)}` }),
    },
    (n) => c.raw.getPerson(personId(c.dataset, n)),
  )

export const firstPage = (c: Context) =>
  compare(
    c,
    { id: 'W2', name: 'List page 1 of 100, with its exact total', target: 0.8 },
    {
      outpost: outpostRequests(c, 'outpost').W2,
      floor: () => ({ path: `/people?page=1&pageSize=${pageSize}` }),
    },
    () => c.raw.offsetPage(pageSize, 0),
  )

/** The key of the row just before `page`, for the floor's keyset seek to the same page. */
function keyBefore(file: string, tenantId: string, page: number): [string, string] {
  const db = new BetterSqlite3(file, { readonly: true })
  const row = db
    .prepare(
      `select created_at, id from people where tenant_id = ?
       order by created_at desc, id desc limit 1 offset ?`,
    )
    .get(tenantId, (page - 1) * pageSize - 1) as { created_at: string; id: string }
  db.close()
  return [row.created_at, row.id]
}

export async function deepPage(c: Context): Promise<WorkloadResult> {
  const page = Math.max(2, Math.floor(c.dataset.people / pageSize / 2))
  const key = keyBefore(c.file, c.dataset.tenantId, page)
  const after = encodeURIComponent(key.join('|'))
  const name = `List page ${page} (the middle), against a keyset seek`
  return compare(
    c,
    { id: 'W3', name, target: 0.5 },
    {
      outpost: outpostRequests(c, 'outpost').W3,
      floor: () => ({ path: `/people?after=${after}&pageSize=${pageSize}` }),
    },
    () => c.raw.keysetPage(...key, pageSize),
  )
}

/** One raw keyset pass over every person, in-process: the least a full walk can cost. */
function rawKeysetPass(file: string, tenantId: string): number {
  const db = new BetterSqlite3(file, { readonly: true })
  const first = db.prepare(
    `select * from people where tenant_id = ? order by created_at desc, id desc limit ?`,
  )
  const next = db.prepare(
    `select * from people where tenant_id = ? and (created_at, id) < (?, ?)
     order by created_at desc, id desc limit ?`,
  )
  const began = performance.now()
  let rows = first.all(tenantId, pageSize) as { created_at: string; id: string }[]
  while (rows.length === pageSize) {
    const last = rows.at(-1)!
    rows = next.all(tenantId, last.created_at, last.id, pageSize) as typeof rows
  }
  const ms = performance.now() - began
  db.close()
  return ms
}

// The walking client: Node's http over one kept-alive connection. fetch (undici) spent about
// 1.1 ms of client CPU on each page of 100, more than the server took to answer it, and the walk is
// timed from the client; this client spends about 0.4 ms. Both are measured in the README.
function pageReader(token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const read = (url: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(url, { agent, headers: auth(token) }, (response) => {
        response.resume()
        response.on('error', reject)
        response.on('end', () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error(`W4: ${url} answered ${response.statusCode}`)),
        )
      })
      request.on('error', reject)
    })
  return { read, close: () => agent.destroy() }
}

export async function walkAll(c: Context): Promise<WorkloadResult> {
  const pages = Math.ceil(c.dataset.people / pageSize)
  const reader = pageReader(c.token)
  const began = performance.now()
  let walked = 0
  try {
    while (walked < pages && performance.now() - began < c.walkBudgetMs) {
      await reader.read(`${c.outpost.url}/api/v1/people?page=${walked + 1}&pageSize=${pageSize}`)
      walked++
    }
  } finally {
    reader.close()
  }
  // A walk cut short by the budget is extrapolated from its pace; the note says which it was.
  const outpostMs = ((performance.now() - began) * pages) / walked
  const rawMs = rawKeysetPass(c.file, c.dataset.tenantId)
  return {
    id: 'W4',
    name: `Walk every page of ${pageSize} (${walked === pages ? 'whole' : `${walked} of ${pages} pages, extrapolated`})`,
    value: Math.round(outpostMs),
    unit: 'ms',
    floor: Math.round(rawMs),
    ratio: rawMs / outpostMs,
    target: 1 / 3,
  }
}

export const createPerson = (c: Context) =>
  compare(
    c,
    { id: 'W5', name: 'POST a person with two tags', target: 0.8, method: 'POST' },
    {
      outpost: outpostRequests(c, 'outpost').W5,
      floor: (n) => ({
        path: '/people',
        body: { fullName: `New ${n}`, primaryEmail: `floor-new${n}@bench.test`, tags: ['a', 'b'] },
      }),
    },
    (n) => c.raw.createPerson({ fullName: `Raw ${n}`, primaryEmail: `raw-new${n}@bench.test` }),
  )

export const patchOneField = (c: Context) =>
  compare(
    c,
    { id: 'W6', name: 'PATCH one field of a person', target: 0.8, method: 'PATCH' },
    {
      outpost: outpostRequests(c, 'outpost').W6,
      floor: (n) => ({
        path: `/people/${personId(c.dataset, n * 31)}`,
        body: { fullName: `Renamed ${n}` },
      }),
    },
    (n) => c.raw.rename(personId(c.dataset, n * 37), `Raw ${n}`),
  )

/** The first 2,000 deliveries create a person each; later ones find one by e-mail and rename it. */
const delivered = (side: string, n: number) => ({
  name: `Delivered ${n}`,
  email: `${side}-form${n % 2000}@bench.test`,
})

/** W7's inbound webhook on an Outpost server: answers the path deliveries are posted to. */
export async function createBenchWebhook(url: string, token: string): Promise<string> {
  const created = await fetch(`${url}/api/app/v1/inbound-webhooks`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench form',
      mapping: { fullName: '{{name}}', primaryEmail: '{{email}}' },
      rateLimitPerMinute: 100_000,
    }),
  })
  if (created.status !== 201) throw new Error(`W7: webhook not created: ${await created.text()}`)
  return new URL(((await created.json()) as { url: string }).url).pathname
}

export async function inboundDelivery(c: Context): Promise<WorkloadResult> {
  const path = await createBenchWebhook(c.outpost.url, c.token)
  return compare(
    c,
    {
      id: 'W7',
      name: 'Inbound delivery, deduplicated by e-mail, against a raw upsert',
      target: 0.7,
      method: 'POST',
    },
    {
      outpost: outpostRequests(c, 'outpost', path).W7,
      floor: (n) => ({ path: '/inbound', body: delivered('floor', n) }),
    },
    (n) => {
      const { name, email } = delivered('raw', n)
      c.raw.upsertByEmail(name, email)
    },
  )
}

/** The median time of 30 requests in a row of the UI's people search for `q`, page and count. */
async function searchMedian(c: Context, id: string, q: string): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 30; i++) {
    const began = performance.now()
    const response = await fetch(
      `${c.outpost.url}/api/app/v1/people?q=${encodeURIComponent(q)}&pageSize=25`,
      { headers: auth(c.token) },
    )
    if (response.status !== 200) throw new Error(`${id}: q=${q} answered ${response.status}`)
    await response.arrayBuffer()
    times.push(performance.now() - began)
  }
  return times.sort((a, b) => a - b)[15]!
}

/** The slowest of the searches' medians, each named in the workload's name. */
async function slowestSearch(c: Context, id: string, texts: string[]) {
  const medians: [string, number][] = []
  for (const q of texts) medians.push([q, await searchMedian(c, id, q)])
  const worst = Math.max(...medians.map(([, ms]) => ms))
  const each = medians.map(([q, ms]) => `${q}: ${ms.toFixed(1)}`).join(', ')
  return { worst: Math.round(worst * 10) / 10, each }
}

/**
 * The UI's people search with one and two letters (a common start, a common name, one nothing
 * starts with): the slowest median of 30 requests in a row each, page and count, as the people
 * table asks. The issue's target is 20 ms of server time; this is the whole request.
 */
export async function shortSearch(c: Context): Promise<WorkloadResult> {
  const { worst, each } = await slowestSearch(c, 'W14', ['a', 'si', 'zq'])
  return {
    id: 'W14',
    name: `People search of one or two letters, slowest median (${each} ms)`,
    value: worst,
    unit: 'ms',
    floor: 20,
    ratio: 20 / worst,
    target: 1,
  }
}

/**
 * The same search of longer text, through the trigram index: a whole e-mail (one match), a name
 * and a number (a few), a surname a twelfth of the people bear (counted exactly). No target in
 * the issue: shown against W14's 20 ms, so that a slower plan is seen.
 */
export async function wordSearch(c: Context): Promise<WorkloadResult> {
  const someone = Math.floor(c.dataset.people / 2)
  const texts = [`person${someone}@bench.test`, `Santos ${String(someone).slice(0, 3)}`, 'silva']
  const { worst, each } = await slowestSearch(c, 'W16', texts)
  return {
    id: 'W16',
    name: `People search of a word, slowest median (${each} ms)`,
    value: worst,
    unit: 'ms',
    floor: 20,
    ratio: 20 / worst,
    target: 0,
  }
}

/**
 * What durable acknowledgements cost: the raw create (a person and two tags, one commit) with
 * synchronous = FULL, as every server here commits, against NORMAL, which may lose the last
 * commits to a power cut. No target: the figure is the price, shown so it is known.
 */
export function durableCommits(c: Context): WorkloadResult {
  const create = (mode: string) => (n: number) =>
    c.raw.createPerson({
      fullName: `Durable ${n}`,
      primaryEmail: `durable-${mode}-${n}@bench.test`,
      tags: ['a', 'b'],
    })
  c.rawDb.pragma('synchronous = NORMAL')
  const normal = rawRate(create('normal'))
  c.rawDb.pragma('synchronous = FULL')
  const full = rawRate(create('full'))
  return {
    id: 'W15',
    name: 'Durable commits: raw create with synchronous FULL, against NORMAL',
    value: Math.round(full),
    unit: 'op/s',
    floor: Math.round(normal),
    ratio: full / normal,
    target: 0,
  }
}

/**
 * Server start to listening, as the median of `runs` starts of each server on the dataset (the
 * first start of the run included), taken in turns so both meet the machine alike. One start alone
 * varies by a tenth from one run to the next.
 */
export async function startTime(
  c: Context,
  start: { outpost: () => Promise<Running>; floor: () => Promise<Running> },
  runs = 5,
): Promise<WorkloadResult> {
  const outpost = [c.outpost.startMs]
  const floor = [c.floor.startMs]
  for (let i = 1; i < runs; i++) {
    for (const [times, begin] of [
      [outpost, start.outpost],
      [floor, start.floor],
    ] as const) {
      const server = await begin()
      times.push(server.startMs)
      await server.stop()
    }
  }
  const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
  return {
    id: 'W9',
    name: `Server start, to listening (median of ${runs})`,
    value: Math.round(median(outpost)),
    unit: 'ms',
    floor: Math.round(median(floor)),
    ratio: median(floor) / median(outpost),
    target: 1 / 1.5,
  }
}

/** The median wall time of `runs` runs of a command, in ms. */
function medianRun(command: string, args: string[], runs = 7): number {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const began = performance.now()
    execFileSync(command, args, { cwd: root, stdio: 'ignore' })
    times.push(performance.now() - began)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!
}

export function helpTime(): WorkloadResult {
  const help = medianRun(process.execPath, ['bin/outpost.js', '--help'])
  const bare = medianRun(process.execPath, ['-e', ''])
  return {
    id: 'W9b',
    name: "`outpost --help` against `node -e ''` (median of 7)",
    value: Math.round(help),
    unit: 'ms',
    floor: Math.round(bare),
    ratio: bare / help,
    target: 1 / 2,
  }
}

// In MB (10^6 bytes), the issue's unit: 150 MB is 143 MiB.
const megabytes = (mebibytes: number) => (mebibytes * 2 ** 20) / 1e6

export function memory(c: Context): WorkloadResult {
  const peak = megabytes(c.outpost.memory().peak)
  return {
    id: 'W10',
    name: 'Peak resident memory serving W1-W4 (target 150 MB)',
    value: Math.round(peak),
    unit: 'MB',
    floor: Math.round(megabytes(c.floor.memory().peak)),
    ratio: 150 / peak,
    target: 1,
  }
}

/** The size of the people and deals alone, in plain tables without indexes. */
function bareSize(file: string): number {
  const bare = `${file}.bare`
  rmSync(bare, { force: true })
  const db = new BetterSqlite3(bare)
  db.exec(`attach '${file}' as source`)
  db.exec('create table people as select * from source.people')
  db.exec('create table deals as select * from source.deals')
  db.exec('detach source')
  db.close()
  const size = statSync(bare).size
  rmSync(bare, { force: true })
  return size
}

/**
 * The served file once its events past the retention window are pruned (the suite prunes before
 * the servers start, as a running server does hourly), compacted as a backup would be
 * (VACUUM INTO), against bare tables; the dataset as built is named for comparison.
 */
export function fileSize(servedFile: string, builtFile: string): WorkloadResult {
  const compact = `${servedFile}.compact`
  rmSync(compact, { force: true })
  const db = new BetterSqlite3(servedFile)
  db.prepare('vacuum into ?').run(compact)
  db.close()
  const size = statSync(compact).size
  rmSync(compact, { force: true })
  const bare = bareSize(servedFile)
  const built = Math.round(statSync(builtFile).size / 2 ** 20)
  return {
    id: 'W11',
    name: `Database file after event retention (as built: ${built} MiB), against bare tables`,
    value: Math.round(size / 2 ** 20),
    unit: 'MiB',
    floor: Math.round(bare / 2 ** 20),
    ratio: bare / size,
    target: 1 / 1.5,
  }
}
