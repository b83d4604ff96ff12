// The floor: the least a server can do to answer the same requests from the same file (Hono,
// better-sqlite3, prepared statements, no auth, no validation, no events). Outpost's figures are
// given as ratios to it. Run as `node --import tsx bench/http/floor.ts <sqlite file>`.
import { randomUUID } from 'node:crypto'
import { serve } from '@hono/node-server'
import BetterSqlite3 from 'better-sqlite3'
import { Hono } from 'hono'

const db = new BetterSqlite3(process.argv[2]!)
db.pragma('journal_mode = WAL')
db.pragma('synchronous = NORMAL')
const tenantId = (db.prepare('select id from workspaces limit 1').get() as { id: string }).id

const byId = db.prepare('select * from people where id = ?')
const tagsOf = db.prepare('select tag from person_tags where person_id = ? order by position')
const tagsOfPage = db.prepare(
  `select person_id, tag from person_tags
   where person_id in (select value from json_each(?)) order by person_id, position`,
)
const offsetPage = db.prepare(
  `select * from people where tenant_id = ? order by created_at desc, id desc limit ? offset ?`,
)
const keysetPage = db.prepare(
  `select * from people where tenant_id = ? and (created_at, id) < (?, ?)
   order by created_at desc, id desc limit ?`,
)
const insertPerson = db.prepare(
  `insert into people (id, tenant_id, full_name, primary_email, custom_fields, created_at, updated_at)
   values (?, ?, ?, ?, '{}', ?, ?)`,
)
const insertTag = db.prepare('insert into person_tags values (?, ?, ?, ?)')
const updateName = db.prepare('update people set full_name = ?, updated_at = ? where id = ?')

type Row = { id: string; custom_fields: string } & Record<string, unknown>
const answer = (row: Row, tags: string[]) => ({
  ...row,
  tags,
  custom_fields: JSON.parse(row.custom_fields) as unknown,
})

function withTags(rows: Row[]) {
  const tags = new Map<string, string[]>()
  const found = tagsOfPage.all(JSON.stringify(rows.map((row) => row.id))) as {
    person_id: string
    tag: string
  }[]
  for (const { person_id, tag } of found) tags.set(person_id, [...(tags.get(person_id) ?? []), tag])
  return rows.map((row) => answer(row, tags.get(row.id) ?? []))
}

const app = new Hono()
app.get('/people/:id', (c) => {
  const row = byId.get(c.req.param('id')) as Row | undefined
  if (!row) return c.json({ error: 'not found' }, 404)
  const tags = (tagsOf.all(row.id) as { tag: string }[]).map((t) => t.tag)
  return c.json(answer(row, tags))
})
app.get('/people', (c) => {
  const pageSize = Number(c.req.query('pageSize') ?? 25)
  const after = c.req.query('after')
  if (after) {
    const [createdAt, id] = after.split('|')
    return c.json({ data: withTags(keysetPage.all(tenantId, createdAt, id, pageSize) as Row[]) })
  }
  const page = Number(c.req.query('page') ?? 1)
  const rows = offsetPage.all(tenantId, pageSize, (page - 1) * pageSize) as Row[]
  return c.json({ data: withTags(rows) })
})
app.post('/people', async (c) => {
  const body = await c.req.json<{ fullName: string; primaryEmail?: string; tags?: string[] }>()
  const id = randomUUID()
  const at = new Date().toISOString()
  db.transaction(() => {
    insertPerson.run(id, tenantId, body.fullName, body.primaryEmail ?? null, at, at)
    body.tags?.forEach((tag, position) => insertTag.run(tenantId, id, tag, position))
  })()
  return c.json({ id, ...body }, 201)
})
app.patch('/people/:id', async (c) => {
  const body = await c.req.json<{ fullName: string }>()
  updateName.run(body.fullName, new Date().toISOString(), c.req.param('id'))
  return c.json({ id: c.req.param('id'), ...body })
})

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  console.log(`floor listening at http://127.0.0.1:${info.port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
