// A leaked inbound URL in hostile hands: 10,000 requests of every bad kind. The database must grow
// by less than the documented bound of the request log (docs/inbound.md, "Bounds"), and the
// server must keep answering real requests all along.
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInboundWebhook } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'
import { onPostgres } from '../support/postgres'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const mebibyte = 1024 * 1024

/** Bytes of the database in use: pages less the free ones (a freed page is reused, not grown). */
async function usedBytes(): Promise<number> {
  const pragma = async (name: string) =>
    Number(Object.values((await sql.raw(`pragma ${name}`).execute(server.db)).rows[0] as object)[0])
  return (
    ((await pragma('page_count')) - (await pragma('freelist_count'))) * (await pragma('page_size'))
  )
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function timed(request: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const began = performance.now()
  const response = await request()
  await response.arrayBuffer()
  return { ms: performance.now() - began, status: response.status }
}

// It measures the SQLite file's pages; PostgreSQL keeps deleted rows' space until VACUUM, so
// the same bound would measure autovacuum's timing rather than Outpost's log bound.
describe.skipIf(onPostgres())('a flood of hostile requests', () => {
  it(
    'grows the database by less than the log bound, and real requests keep their pace',
    { timeout: 180_000 },
    async () => {
      const mapping = { fullName: '{{name}}', primaryEmail: '{{email}}' }
      // The leaked webhook, with its rate limit lifted so that every request reaches the log.
      const leaked = await createInboundWebhook(server, { mapping, rateLimitPerMinute: 100_000 })
      // The real form's sender is as eager as this test's loop, more than the default 300 a minute.
      const real = await createInboundWebhook(server, {
        name: 'Real form',
        mapping,
        rateLimitPerMinute: 100_000,
      })
      const post = (path: string, body: string | Uint8Array, type = 'application/json') =>
        fetch(server.url + path, { method: 'POST', headers: { 'content-type': type }, body })
      const realRequests = [
        () =>
          fetch(`${server.url}/api/v1/people?pageSize=5`, {
            headers: { authorization: `Bearer ${server.apiToken}` },
          }),
        () => post(real.path, JSON.stringify({ name: 'Real lead', email: 'real@lead.test' })),
      ]
      const baseline: number[] = []
      for (let i = 0; i < 30; i++) baseline.push((await timed(realRequests[i % 2]!)).ms)

      const before = await usedBytes()
      const hostile: ((n: number) => Promise<Response>)[] = [
        // Unknown tokens: 404, then 429 once the address has used its minute.
        () => post(`/webhooks/in/in_${randomBytes(32).toString('base64url')}`, '{}'),
        // Bodies over the 1 MiB limit: 413, never read into the database.
        () => post(leaked.path, new Uint8Array(mebibyte + 200 * 1024)),
        // Malformed JSON, tens of KiB of it: rejected, its first 4 KiB logged.
        (n) => post(leaked.path, `{"name": ${'x'.repeat(20_000 + (n % 40_000))}`),
        // Valid JSON the mapping cannot use: rejected, its first 4 KiB logged.
        (n) => post(leaked.path, JSON.stringify({ junk: 'y'.repeat(50_000 + n) })),
        // Accepted deliveries with 100 KiB of padding: logged whole, within the byte cap.
        () =>
          post(
            leaked.path,
            JSON.stringify({ name: 'Same', email: 'same@leak.test', pad: 'z'.repeat(100 * 1024) }),
          ),
      ]
      // 40% unknown tokens, 1.5% oversized, 20% malformed, 20% unusable, the rest accepted.
      const kindOf = (n: number) => {
        const slot = n % 200
        return slot < 80 ? 0 : slot < 83 ? 1 : slot < 123 ? 2 : slot < 163 ? 3 : 4
      }
      const answered = new Map<number, number>()
      let next = 0
      const flooder = async () => {
        while (next < 10_000) {
          const n = next++
          const response = await hostile[kindOf(n)]!(n).catch(() => null)
          await response?.arrayBuffer()
          const status = response?.status ?? 0
          answered.set(status, (answered.get(status) ?? 0) + 1)
        }
      }
      const during: { ms: number; status: number }[] = []
      const flood = Promise.all(Array.from({ length: 16 }, flooder))
      let flooding = true
      void flood.then(() => (flooding = false))
      // A real client's pace: ten requests a second, within the API token's 300 a minute.
      for (let i = 0; flooding; i++) {
        during.push(await timed(realRequests[i % 2]!))
        await sleep(100)
      }
      await flood

      // Every hostile request was answered, and none was a 500.
      expect([...answered.values()].reduce((sum, count) => sum + count, 0)).toBe(10_000)
      expect(answered.get(0) ?? 0).toBe(0)
      expect(answered.get(500) ?? 0).toBe(0)
      expect(answered.get(429)).toBeGreaterThan(3_000) // unknown tokens past 60 a minute
      expect(answered.get(413)).toBe(150)

      // The log holds at most its caps, and the database grew by less than the documented bound.
      const log = await server.admin.get(
        `/api/app/v1/inbound-webhooks/${leaked.id}/deliveries?pageSize=100`,
      )
      expect(log.body.total).toBeLessThanOrEqual(500)
      const rejected = log.body.data.find(
        (delivery: { outcome: string }) => delivery.outcome === 'rejected',
      )
      if (rejected) expect(rejected.body.length).toBeLessThanOrEqual(4096)
      const grown = (await usedBytes()) - before
      expect(grown).toBeLessThan(8 * mebibyte + 500 * 1024)

      // Real requests were all answered, at their pace.
      expect(during.length).toBeGreaterThan(20)
      expect(new Set(during.map(({ status }) => status))).toEqual(new Set([200]))
      expect(median(during.map(({ ms }) => ms))).toBeLessThan(100)
      const after: number[] = []
      for (let i = 0; i < 30; i++) after.push((await timed(realRequests[i % 2]!)).ms)
      expect(median(after)).toBeLessThan(3 * median(baseline) + 5)
    },
  )
})
