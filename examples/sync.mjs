#!/usr/bin/env node
// Keeps a local copy of an Outpost workspace's people and deals in a JSON file.
//
// Plain Node.js 20, no dependencies, no build step:
//
//   OUTPOST_TOKEN=op_... node examples/sync.mjs [--url http://127.0.0.1:4780]
//       [--state outpost-replica.json] [--interval 5] [--once]
//
// The first run lists every person and deal, then follows the change feed; later runs resume from
// the cursor saved in the state file. See docs/sync.md for why this never misses a change.

import { readFile, rename, writeFile } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

/** An answer of the API that is not a success: its status and its JSON error. */
export class ApiError extends Error {
  constructor(path, status, body) {
    super(`GET ${path} answered ${status}: ${JSON.stringify(body)}`)
    this.status = status
    this.error = body?.error
  }
}

/**
 * A GET helper for the Outpost API: JSON in, errors thrown, 429 waited out (Retry-After).
 * @param {{ url: string, token: string }} options
 * @returns {(path: string) => Promise<any>}
 */
export function createClient({ url, token }) {
  const base = url.replace(/\/+$/, '')
  return async function get(path) {
    for (;;) {
      const response = await fetch(base + path, { headers: { Authorization: `Bearer ${token}` } })
      if (response.status === 429) {
        await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000)
        continue
      }
      if (!response.ok) {
        const body = await response.json().catch(() => null)
        throw new ApiError(path, response.status, body)
      }
      const body = await response.json()
      // A list page links the next by cursor (Link: <...>; rel="next"): kept as `nextPath`, not
      // enumerable, so the page's JSON stays as the server sent it.
      const next = /<([^>]*)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1]
      if (next) {
        const { pathname, search } = new URL(next)
        Object.defineProperty(body, 'nextPath', { value: pathname + search })
      }
      return body
    }
  }
}

/** An empty local copy: the feed cursor it is up to date with, and the records by id. */
export function emptyReplica() {
  return { cursor: null, people: {}, deals: {} }
}

/**
 * Applies one change-feed event. Every event carries the whole record as it is after the change,
 * so applying is "store it" (or "forget it" for a deletion), and applying twice does no harm.
 */
export function applyEvent(replica, event) {
  const records = event.type.startsWith('person.') ? replica.people : replica.deals
  const record = event.data.object
  if (event.type.endsWith('.deleted')) delete records[record.id]
  else records[record.id] = record
}

// The feed cannot go on from the cursor: the database was restored (409) or the events after the
// cursor were pruned (410). Both answers say where to resume after copying the state anew.
const mustResynchronise = (error) =>
  error instanceof ApiError && ['cursor_invalidated', 'cursor_expired'].includes(error.error?.code)

/**
 * Reads the change feed from the replica's cursor to its end, applying each event in commit order.
 * When the server says the cursor no longer holds, the copy is made anew from the cursor it gives.
 * Returns how many events were applied.
 */
export async function pullChanges(get, replica, { limit = 500 } = {}) {
  let applied = 0
  for (;;) {
    const cursor = encodeURIComponent(replica.cursor ?? '')
    let page
    try {
      page = await get(`/api/v1/events?after=${cursor}&limit=${limit}`)
    } catch (error) {
      if (!mustResynchronise(error)) throw error
      return applied + (await copyState(get, replica, error.error.details.resumeCursor))
    }
    for (const event of page.data) applyEvent(replica, event)
    applied += page.data.length
    replica.cursor = page.nextCursor
    if (!page.hasMore) return applied
  }
}

/**
 * The first copy: full pagination of people and deals, then the feed from a cursor taken before
 * the first page. Offset pages may skip or repeat records while others write (spec, pagination
 * rule 5); every change made while paginating is in the feed after that cursor, so replaying the
 * feed repairs what the pages got wrong.
 */
export async function initialSync(get, replica, options) {
  return copyState(get, replica, (await get('/api/v1/events?after=now')).nextCursor, options)
}

/** Replaces the copy with every person and deal, then reads the feed from `cursor` (taken before). */
async function copyState(get, replica, cursor, { pageSize = 100 } = {}) {
  replica.cursor = cursor
  replica.people = {}
  replica.deals = {}
  for (const collection of ['people', 'deals']) {
    // Page after page by the cursor each page links to: unlike page numbers, it never skips a
    // row when one above it is deleted meanwhile (a row the feed could not repair: nobody
    // changed it after the cursor).
    let path = `/api/v1/${collection}?pageSize=${pageSize}`
    while (path) {
      const body = await get(path)
      for (const record of body.data) replica[collection][record.id] = record
      path = body.hasMore ? body.nextPath : undefined
    }
  }
  return pullChanges(get, replica)
}

async function loadReplica(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    if (error.code === 'ENOENT') return emptyReplica()
    throw error
  }
}

// Written to a temporary file and renamed, so a crash never leaves half a file behind.
async function saveReplica(file, replica) {
  await writeFile(`${file}.tmp`, JSON.stringify(replica, null, 2))
  await rename(`${file}.tmp`, file)
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.OUTPOST_URL ?? 'http://127.0.0.1:4780' },
      state: { type: 'string', default: 'outpost-replica.json' },
      interval: { type: 'string', default: '5' },
      once: { type: 'boolean', default: false },
    },
  })
  const token = process.env.OUTPOST_TOKEN
  if (!token) throw new Error('Set OUTPOST_TOKEN to an Outpost API token (outpost token create)')
  const get = createClient({ url: values.url, token })
  const replica = await loadReplica(values.state)
  const count = () =>
    `${Object.keys(replica.people).length} people, ${Object.keys(replica.deals).length} deals`

  if (replica.cursor === null) {
    await initialSync(get, replica)
    await saveReplica(values.state, replica)
    console.log(`initial copy: ${count()}`)
  }
  // Ctrl+C ends it at any point: the state file is only ever replaced whole.
  do {
    const applied = await pullChanges(get, replica)
    if (applied > 0) {
      await saveReplica(values.state, replica)
      console.log(`${applied} change(s) applied: ${count()}`)
    }
    if (!values.once) await sleep(Number(values.interval) * 1000)
  } while (!values.once)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`sync: ${error.message}`)
    process.exit(1)
  })
}
