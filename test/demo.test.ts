import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireBuiltCli, serve } from './support/cli'
import { caller } from './support/server'

const dataDir = mkdtempSync(join(tmpdir(), 'outpost-demo-'))

beforeAll(() => requireBuiltCli())
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function all(client: ReturnType<typeof caller>, path: string) {
  const { body } = await client.get(`${path}?pageSize=100`)
  const items = [...body.data]
  for (let page = 2; items.length < body.total; page++) {
    items.push(...(await client.get(`${path}?pageSize=100&page=${page}`)).body.data)
  }
  return items
}

describe('outpost serve --demo', () => {
  it('creates a living demo workspace and prints its admin token once', async () => {
    const server = await serve(['--demo', '--data-dir', dataDir, '--port', '0'])
    try {
      const token = server.output().match(/(op_[A-Za-z0-9_-]{43})/)?.[1]
      expect(token, server.output()).toBeDefined()
      const admin = caller(server.url, token!)
      expect((await admin.get('/api/app/v1/workspace')).body.name).toBe('Demo')

      const pipelines = (await admin.get('/api/app/v1/pipelines')).body.data
      expect(pipelines).toHaveLength(2)
      const sales = pipelines.find((pipeline: any) => pipeline.name === 'Sales')
      const types = sales.stages.map((stage: any) => stage.type)
      expect(types.filter((type: string) => type === 'open').length).toBeGreaterThanOrEqual(2)
      expect(types.filter((type: string) => type === 'won')).toHaveLength(1)
      expect(types.filter((type: string) => type === 'lost')).toHaveLength(1)

      expect((await admin.get('/api/app/v1/users')).body.total).toBe(3)
      expect((await admin.get('/api/app/v1/companies')).body.total).toBeGreaterThanOrEqual(20)
      expect((await admin.get('/api/app/v1/lost-reasons')).body.total).toBeGreaterThan(0)

      const people = await all(admin, '/api/v1/people')
      expect(people.length).toBeGreaterThanOrEqual(200)
      expect(new Set(people.map((person) => person.fullName)).size).toBeGreaterThan(150)
      expect(people.every((person) => /^[^@\s]+@[^@\s]+\.[a-z]+$/.test(person.primaryEmail))).toBe(
        true,
      )
      // Spread over months, not created in the same instant.
      const created = people.map((person) => Date.parse(person.createdAt))
      expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(90 * 86_400_000)

      const deals = await all(admin, '/api/v1/deals')
      expect(deals.length).toBeGreaterThanOrEqual(60)
      expect(deals.some((deal) => deal.closedAt !== null)).toBe(true)
      expect(
        deals.filter((deal) => deal.lostReasonId !== null).every((deal) => deal.closedAt !== null),
      ).toBe(true)
      expect(new Set(deals.map((deal) => deal.value)).size).toBeGreaterThan(20)

      // A realistic week: calls logged, work overdue, today's at its hours, and what comes next.
      const work = (await admin.get('/api/app/v1/my-work')).body
      expect(work.timeZone).toBe('America/Sao_Paulo')
      expect(work.buckets.overdue.length).toBeGreaterThanOrEqual(3)
      expect(work.buckets.today.length + work.buckets.overdue.length).toBeGreaterThanOrEqual(6)
      expect(work.buckets.tomorrow.length).toBeGreaterThanOrEqual(2)
      expect(work.buckets.noDate.length).toBeGreaterThanOrEqual(1)
      const logged = (await admin.get('/api/v1/activities?done=true&pageSize=100')).body
      expect(logged.total).toBeGreaterThanOrEqual(10)
      const pinned = (await admin.get('/api/v1/notes?pinned=true')).body
      expect(pinned.total).toBe(2)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  it('a second start keeps the demo as it is and prints no token', async () => {
    const server = await serve(['--demo', '--data-dir', dataDir, '--port', '0'])
    try {
      expect(server.output()).not.toMatch(/op_[A-Za-z0-9_-]{43}/)
    } finally {
      await server.stop()
    }
  })
})
