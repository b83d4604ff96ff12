// The REST API against raw in-process SQLite, measured in one run: what HTTP, validation, auth,
// Kysely and mapping cost on top of the query itself. Figures are ratios; absolute times on a
// shared machine are noise.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { createApiToken } from '../src/server/auth/service'
import { silentLogger } from '../src/server/logger'
import { listPeopleAnswers } from '../src/server/people/service'
import { startServer } from '../src/server/server'
import { ensureDefaultWorkspace } from '../src/server/workspace-store'
import { updateWorkspace } from '../src/server/workspaces/service'
import { measure, report, tempDataDir } from './support'

const peopleCount = 20_000
const pageSize = 100
const iterations = 300

const data = tempDataDir('api-list')
const server = await startServer({ dataDir: data.dir, port: 0, logger: silentLogger })
const workspace = await ensureDefaultWorkspace(server.db, new Date())
await updateWorkspace(server.db, workspace.id, { rateLimitPerMinute: 100_000 }, new Date())
const token = (
  await createApiToken(server.db, workspace.id, { name: 'bench', scope: 'api' }, new Date())
).token

// A second connection to the same file: the raw baseline, as a local script would query it.
const raw = new BetterSqlite3(join(data.dir, 'outpost.sqlite'))
raw.pragma('journal_mode = WAL')
const insert = raw.prepare(
  `insert into people (id, tenant_id, full_name, primary_email, custom_fields, created_at, updated_at)
   values (?, ?, ?, ?, '{}', ?, ?)`,
)
raw.transaction(() => {
  const start = Date.parse('2025-01-01T00:00:00Z')
  for (let i = 0; i < peopleCount; i++) {
    const at = new Date(start + i * 60_000).toISOString()
    insert.run(randomUUID(), workspace.id, `Person ${i}`, `person${i}@example.com`, at, at)
  }
})()

const pages = Math.floor(peopleCount / pageSize)
const page = (i: number) => 1 + ((i * 37) % pages)
const rawCount = raw.prepare('select count(*) as total from people where tenant_id = ?')
const rawPage = raw.prepare(
  'select * from people where tenant_id = ? order by created_at desc, id desc limit ? offset ?',
)
const rawTags = raw.prepare(
  'select person_id, tag from person_tags where person_id in (select value from json_each(?))',
)

const rawMs = await measure(iterations, (i) => {
  rawCount.get(workspace.id)
  const rows = rawPage.all(workspace.id, pageSize, (page(i) - 1) * pageSize) as { id: string }[]
  rawTags.all(JSON.stringify(rows.map((row) => row.id)))
})
const serviceMs = await measure(iterations, (i) =>
  listPeopleAnswers(server.db, workspace.id, { page: page(i), pageSize }),
)
const httpMs = await measure(iterations, async (i) => {
  const response = await fetch(`${server.url}/api/v1/people?page=${page(i)}&pageSize=${pageSize}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  if (response.status !== 200) throw new Error(`status ${response.status}`)
  await response.arrayBuffer()
})

const rawInsert = raw.prepare(
  `insert into people (id, tenant_id, full_name, custom_fields, created_at, updated_at)
   values (?, ?, ?, '{}', ?, ?)`,
)
const rawCreateMs = await measure(iterations, (i) => {
  const at = new Date().toISOString()
  rawInsert.run(randomUUID(), workspace.id, `Raw ${i}`, at, at)
})
const httpCreateMs = await measure(iterations, async (i) => {
  const response = await fetch(`${server.url}/api/v1/people`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ fullName: `Api ${i}`, tags: ['bench'] }),
  })
  if (response.status !== 201) throw new Error(`status ${response.status}`)
  await response.arrayBuffer()
})

console.log(`${peopleCount} people, pages of ${pageSize}, ${iterations} calls each\n`)
report('list: raw better-sqlite3 (count + page + tags)', rawMs, rawMs)
report('list: listPeopleAnswers service (Kysely, answers made by SQLite)', serviceMs, rawMs)
report('list: GET /api/v1/people over HTTP', httpMs, rawMs)
report('create: raw insert (no tags, no event)', rawCreateMs, rawCreateMs)
report('create: POST /api/v1/people (tags, event, 1 tx)', httpCreateMs, rawCreateMs)
console.log(`\nRSS after the run: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`)

raw.close()
await server.close()
data.remove()
