// Moving up (issue 16): `outpost migrate --from <data dir> --to <database>` copies a laptop's
// workspaces to a team server's database, verified table by table, and resumes when cut off. The
// team database is PostgreSQL with OUTPOST_TEST_DATABASE=postgres (npm run test:postgres), else a
// SQLite file; the laptop is always a SQLite data folder.
import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../src/server/auth/service'
import { openDatabase } from '../src/server/db/connection'
import { pruneEvents } from '../src/server/events/retention'
import { silentLogger } from '../src/server/logger'
import { movingTables, stayingTables } from '../src/server/move-up/tables'
import { startServer, type RunningServer } from '../src/server/server'
import { ensureDefaultWorkspace, openDataDir } from '../src/server/workspace-store'
import { bin, requireBuiltCli, runCli } from './support/cli'
import { subscribe } from './support/events'
import { createDeal, createPerson, createUser, salesPipeline } from './support/fixtures'
import { deliver } from './support/inbound'
import { freshTestDatabase, onPostgres } from './support/postgres'
import { caller, type Caller } from './support/server'

const folders: string[] = []
const dropped: (() => Promise<void>)[] = []
const tempFolder = (name: string) => {
  const folder = mkdtempSync(join(tmpdir(), `outpost-${name}-`))
  folders.push(folder)
  return folder
}
afterAll(async () => {
  for (const drop of dropped) await drop()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** The team database and the team server's data folder. */
async function teamTarget(): Promise<{ dataDir: string; to: string; databaseUrl?: string }> {
  const dataDir = tempFolder('team')
  if (!onPostgres()) return { dataDir, to: join(dataDir, 'outpost.sqlite') }
  const database = await freshTestDatabase()
  dropped.push(database.drop)
  return { dataDir, to: database.url, databaseUrl: database.url }
}

/** One number read from the team database, while a move may be writing to it (0: not yet). */
async function numberOn(to: string, query: string): Promise<number> {
  const db = openDatabase(to)
  try {
    return Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(db)).rows[0]?.n ?? 0)
  } catch {
    return 0
  } finally {
    await db.destroy()
  }
}

interface Laptop {
  server: RunningServer
  dataDir: string
  admin: Caller
  tenantId: string
}

async function startLaptop(): Promise<Laptop> {
  const dataDir = tempFolder('laptop')
  const server = await startServer({ dataDir, port: 0, logger: silentLogger })
  const { id: tenantId } = await ensureDefaultWorkspace(server.db, new Date())
  const made = await createApiToken(server.db, tenantId, { name: 'l', scope: 'admin' }, new Date())
  return { server, dataDir, admin: caller(server.url, made.token), tenantId }
}

describe('outpost migrate', () => {
  let laptop: Laptop
  beforeAll(async () => {
    requireBuiltCli()
    laptop = await startLaptop()
  })
  afterAll(() => laptop.server.close())

  it('copies every workspace record to the team database and checks each table', async () => {
    const { admin } = laptop
    const ana = await createPerson(admin, { fullName: 'Ana Souza', tags: ['vip', 'lead'] })
    await createPerson(admin, { fullName: 'Bruno Lima', primaryEmail: 'bruno@example.com' })
    const pipeline = await salesPipeline(admin)
    const deal = await createDeal(admin, pipeline, { title: 'Big one', primaryPersonId: ana.id })
    const note = await admin.post('/api/v1/notes', { body: 'Met at the fair', personId: ana.id })
    expect(note.status).toBe(201)
    const subscription = await subscribe(admin, 'http://127.0.0.1:9/hook')
    // A month on, Ana's events (settled: they came before the subscription) leave the feed for
    // her history, which moves too.
    const monthOn = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000)
    expect(await pruneEvents(laptop.server.db, monthOn)).toBeGreaterThan(0)
    // A form that hands people to two users in turn, the first turn taken on the laptop.
    const turns = [await createUser(admin, 'Turn A'), await createUser(admin, 'Turn B')]
    const form = await admin.post('/api/app/v1/inbound-webhooks', {
      name: 'Form',
      mapping: { fullName: '{{name}}' },
      actions: { assignOwner: { userIds: turns } },
    })
    expect(form.status).toBe(201)
    const before = await deliver(laptop.server, form.body.path, { name: 'Before the move' })
    expect(before.status).toBe(201)
    expect((await admin.get(`/api/v1/people/${before.body.personId}`)).body.ownerId).toBe(turns[0])

    // While the laptop's server runs, as a user would.
    const team = await teamTarget()
    const moved = await runCli(['migrate', '--from', laptop.dataDir, '--to', team.to])
    expect(moved.stderr).toBe('')
    expect(moved.code).toBe(0)
    expect(moved.stdout).toMatch(/^ok +people +3 rows/m)
    expect(moved.stdout).toMatch(/^ok +events +\d+ rows/m)
    expect(moved.stdout).toMatch(/^ok +record_history +[1-9]\d* rows/m)
    expect(moved.stdout).not.toMatch(/DIFF/)
    expect(moved.stdout).toContain('Every table arrived whole')
    expect(existsSync(join(laptop.dataDir, 'move-up-snapshot.sqlite'))).toBe(false)
    if (onPostgres()) {
      // The planner has the copied tables' statistics (ANALYZE): autovacuum would not gather
      // them for two rows, nor for a minute after a big move.
      const analyzed = `select count(*) as n from pg_stats where tablename = 'people'`
      expect(await numberOn(team.to, analyzed)).toBeGreaterThan(0)
    }

    // The team server, given the laptop's sealing key, serves the same records.
    copyFileSync(join(laptop.dataDir, 'secrets.key'), join(team.dataDir, 'secrets.key'))
    const server = await startServer({
      dataDir: team.dataDir,
      databaseUrl: team.databaseUrl,
      port: 0,
      logger: silentLogger,
    })
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
      expect((await there.get('/api/v1/people')).body.total).toBe(3)
      const anaHistory = await there.get(`/api/app/v1/people/${ana.id}/events`)
      expect(anaHistory.body.data.length).toBeGreaterThan(0)
      expect(anaHistory.body).toEqual((await admin.get(`/api/app/v1/people/${ana.id}/events`)).body)
      // The form's turn came along: the next person goes to the second user.
      const after = await deliver(server, form.body.path, { name: 'After the move' })
      expect(after.status).toBe(201)
      expect((await there.get(`/api/v1/people/${after.body.personId}`)).body.ownerId).toBe(turns[1])
      expect((await there.get(`/api/v1/deals/${deal.id}`)).body).toEqual(
        (await admin.get(`/api/v1/deals/${deal.id}`)).body,
      )
      expect((await there.get('/api/app/v1/people?q=souza')).body.data[0]?.id).toBe(ana.id)
      const secret = await there.get(`/api/app/v1/webhook-subscriptions/${subscription.id}/secret`)
      expect(secret.body.secret).toBe(subscription.secret)
      // The feed holds what was not pruned, then what came after the move; the deal's creation
      // is history.
      const events = await there.get('/api/v1/events?limit=100')
      const onLaptop = (await admin.get('/api/v1/events?limit=100')).body.data
      expect(onLaptop.length).toBeGreaterThan(0)
      expect(events.body.data.slice(0, onLaptop.length)).toEqual(onLaptop)
      const dealHistory = await there.get(`/api/app/v1/deals/${deal.id}/events`)
      expect(dealHistory.body.data.map((event: { type: string }) => event.type)).toEqual([
        'deal.created',
      ])
      // New events follow the copied ones: the feed's order goes on past them.
      const later = await createPerson(there, { fullName: 'After the move' })
      const feed = await there.get('/api/v1/events?limit=100')
      expect(feed.body.data.at(-1).data.object.id).toBe(later.id)
    } finally {
      await server.close()
    }
  })

  it('refuses a folder that holds no Outpost data, creating nothing', async () => {
    const missing = join(tempFolder('typo'), 'no-such-folder')
    const team = await teamTarget()
    const refused = await runCli(['migrate', '--from', missing, '--to', team.to])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe(`outpost: ${missing} holds no Outpost data (no outpost.sqlite)\n`)
    expect(existsSync(missing)).toBe(false)
  })

  it('refuses a team database that already holds workspaces', async () => {
    const team = await teamTarget()
    const other = await openDataDir(team.dataDir, team.databaseUrl)
    await ensureDefaultWorkspace(other, new Date())
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
    await (await openDataDir(laptopDir)).destroy()
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

    const team = await teamTarget()
    const copiedPeople = () => numberOn(team.to, 'select count(*) as n from people')
    const child = spawn(process.execPath, [bin, 'migrate', '--from', laptopDir, '--to', team.to])
    // Cut off once some people, not all, are on the team side.
    for (let waited = 0; (await copiedPeople()) === 0 && waited < 30_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    const before = await copiedPeople()
    expect(before).toBeGreaterThan(0)
    expect(before).toBeLessThan(20_000)

    const resumed = await runCli(['migrate', '--from', laptopDir, '--to', team.to])
    expect(resumed.stderr).toBe('')
    expect(resumed.code).toBe(0)
    expect(resumed.stdout).toContain('Resumed the move begun earlier.')
    expect(resumed.stdout).toMatch(/^ok +people +20000 rows/m)
    expect(await copiedPeople()).toBe(20_000)
    const counted = await numberOn(
      team.to,
      `select total as n from record_counts where tenant_id = 'w1' and kind = 'people'`,
    )
    expect(counted).toBe(20_000)
  }, 120_000)
})

describe('the tables a move carries', () => {
  it('moves every table but the ones named as staying, parents first', async () => {
    const dataDir = tempFolder('tables')
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
      'accounts',
      'memberships',
      'audit_log',
    ]) {
      expect(names).toContain(must)
    }
    for (const staying of Object.keys(stayingTables)) expect(names).not.toContain(staying)
    expect(names.indexOf('workspaces')).toBeLessThan(names.indexOf('people'))
    expect(names.indexOf('people')).toBeLessThan(names.indexOf('person_tags'))
    expect(names.indexOf('stages')).toBeLessThan(names.indexOf('deals'))
    expect(names.indexOf('accounts')).toBeLessThan(names.indexOf('memberships'))
  })
})
