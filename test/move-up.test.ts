// Moving up (issue 16): `outpost migrate --from <data dir> --to <database>` copies a laptop's
// workspaces to a team server's database, verified table by table, and resumes when cut off.
import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDataDir } from '../src/server/workspace-store'
import { movingTables, stayingTables } from '../src/server/move-up/tables'
import { startServer } from '../src/server/server'
import { silentLogger } from '../src/server/logger'
import { createApiToken } from '../src/server/auth/service'
import { subscribe } from './support/events'
import { createDeal, createPerson, salesPipeline } from './support/fixtures'
import { bin, requireBuiltCli, runCli } from './support/cli'
import { caller, startTestServer, type TestServer } from './support/server'

const folders: string[] = []
const tempFolder = (name: string) => {
  const folder = mkdtempSync(join(tmpdir(), `outpost-${name}-`))
  folders.push(folder)
  return folder
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** The team database: a SQLite file in its own folder (the team server's data folder). */
function teamTarget(): { dataDir: string; to: string } {
  const dataDir = tempFolder('team')
  return { dataDir, to: join(dataDir, 'outpost.sqlite') }
}

describe('outpost migrate', () => {
  let laptop: TestServer
  beforeAll(async () => {
    requireBuiltCli()
    laptop = await startTestServer()
  })
  afterAll(() => laptop.close())

  it('copies every workspace record to the team database and checks each table', async () => {
    const { admin } = laptop
    const ana = await createPerson(admin, { fullName: 'Ana Souza', tags: ['vip', 'lead'] })
    await createPerson(admin, { fullName: 'Bruno Lima', primaryEmail: 'bruno@example.com' })
    const pipeline = await salesPipeline(admin)
    const deal = await createDeal(admin, pipeline, { title: 'Big one', primaryPersonId: ana.id })
    const note = await admin.post('/api/v1/notes', { body: 'Met at the fair', personId: ana.id })
    expect(note.status).toBe(201)
    const subscription = await subscribe(admin, 'http://127.0.0.1:9/hook')

    // While the laptop's server runs, as a user would.
    const team = teamTarget()
    const moved = await runCli(['migrate', '--from', laptop.dataDir, '--to', team.to])
    expect(moved.stderr).toBe('')
    expect(moved.code).toBe(0)
    expect(moved.stdout).toMatch(/^ok +people +2 rows/m)
    expect(moved.stdout).not.toMatch(/DIFF/)
    expect(moved.stdout).toContain('Every table arrived whole')
    expect(existsSync(join(laptop.dataDir, 'move-up-snapshot.sqlite'))).toBe(false)

    // The team server, given the laptop's sealing key, serves the same records.
    copyFileSync(join(laptop.dataDir, 'secrets.key'), join(team.dataDir, 'secrets.key'))
    const server = await startServer({ dataDir: team.dataDir, port: 0, logger: silentLogger })
    try {
      const { token } = await createApiToken(
        server.db,
        laptop.tenantId,
        { name: 'after the move', scope: 'admin' },
        new Date(),
      )
      const there = caller(server.url, token)
      expect((await there.get(`/api/v1/people/${ana.id}`)).body).toEqual(
        (await admin.get(`/api/v1/people/${ana.id}`)).body,
      )
      expect((await there.get('/api/v1/people')).body.total).toBe(2)
      expect((await there.get(`/api/v1/deals/${deal.id}`)).body).toEqual(
        (await admin.get(`/api/v1/deals/${deal.id}`)).body,
      )
      expect((await there.get('/api/app/v1/people?q=souza')).body.data[0]?.id).toBe(ana.id)
      const secret = await there.get(`/api/app/v1/webhook-subscriptions/${subscription.id}/secret`)
      expect(secret.body.secret).toBe(subscription.secret)
      const events = await there.get('/api/v1/events?limit=100')
      expect(events.body.data.map((event: { type: string }) => event.type)).toContain(
        'deal.created',
      )
    } finally {
      await server.close()
    }
  })

  it('refuses a team database that already holds workspaces', async () => {
    const team = teamTarget()
    const other = await openDataDir(team.dataDir)
    await other
      .insertInto('workspaces')
      .values({
        id: 'w-existing',
        name: 'Existing',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      } as never)
      .execute()
    await other.destroy()
    const refused = await runCli(['migrate', '--from', laptop.dataDir, '--to', team.to])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^outpost: the team server's database already holds workspaces/)
  })
})

describe('an interrupted move', () => {
  it('resumes where it stopped, with no row missing and none twice', async () => {
    requireBuiltCli()
    const laptopDir = tempFolder('laptop')
    const db = await openDataDir(laptopDir)
    await db.destroy()
    // 20,000 people written straight to the file: enough batches to cut the copy off midway.
    const file = new BetterSqlite3(join(laptopDir, 'outpost.sqlite'))
    const at = new Date().toISOString()
    file
      .prepare(
        `insert into workspaces (id, name, created_at, updated_at) values ('w1', 'Big', ?, ?)`,
      )
      .run(at, at)
    const person = file.prepare(
      `insert into people (id, tenant_id, full_name, primary_email, created_at, updated_at)
       values (?, 'w1', ?, ?, ?, ?)`,
    )
    file.transaction(() => {
      for (let n = 0; n < 20_000; n++) {
        person.run(`p${n}`, `Person ${n}`, `p${n}@example.com`, at, at)
      }
    })()
    file.close()

    const team = teamTarget()
    const child = spawn(process.execPath, [bin, 'migrate', '--from', laptopDir, '--to', team.to])
    // Cut off once some people, not all, are on the team side.
    const copiedPeople = () => {
      if (!existsSync(team.to)) return 0
      try {
        const target = new BetterSqlite3(team.to, { readonly: true })
        try {
          return (target.prepare('select count(*) as n from people').get() as { n: number }).n
        } finally {
          target.close()
        }
      } catch {
        return 0
      }
    }
    for (let waited = 0; copiedPeople() === 0 && waited < 30_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    const before = copiedPeople()
    expect(before).toBeGreaterThan(0)
    expect(before).toBeLessThan(20_000)

    const resumed = await runCli(['migrate', '--from', laptopDir, '--to', team.to])
    expect(resumed.stderr).toBe('')
    expect(resumed.code).toBe(0)
    expect(resumed.stdout).toContain('Resumed the move begun earlier.')
    expect(resumed.stdout).toMatch(/^ok +people +20000 rows/m)
    expect(copiedPeople()).toBe(20_000)
    const target = new BetterSqlite3(team.to, { readonly: true })
    const counted = target
      .prepare(`select total from record_counts where tenant_id = 'w1' and kind = 'people'`)
      .get() as { total: number }
    target.close()
    expect(counted.total).toBe(20_000)
  }, 120_000)
})

describe('the tables a move carries', () => {
  it('moves every table but the ones named as staying, parents first', async () => {
    const dataDir = tempFolder('tables')
    mkdirSync(dataDir, { recursive: true })
    await (await openDataDir(dataDir)).destroy()
    const db = new BetterSqlite3(join(dataDir, 'outpost.sqlite'), { readonly: true })
    const tables = movingTables(db)
    const names = tables.map((table) => table.name)
    db.close()
    for (const must of [
      'workspaces',
      'people',
      'person_tags',
      'deals',
      'events',
      'activities',
      'notes',
    ]) {
      expect(names).toContain(must)
    }
    for (const staying of Object.keys(stayingTables)) expect(names).not.toContain(staying)
    expect(names.indexOf('workspaces')).toBeLessThan(names.indexOf('people'))
    expect(names.indexOf('people')).toBeLessThan(names.indexOf('person_tags'))
    expect(names.indexOf('stages')).toBeLessThan(names.indexOf('deals'))
  })
})
