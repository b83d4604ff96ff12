// The floor: the least a server can do to answer the same requests from the same file (Hono,
// better-sqlite3, prepared statements, no auth, no validation, no events). Outpost's figures are
// given as ratios to it. Run as `node --import tsx bench/http/floor.ts <sqlite file>`.
import { serve } from '@hono/node-server'
import BetterSqlite3 from 'better-sqlite3'
import { Hono } from 'hono'
import { prepareQueries } from './queries'

const db = new BetterSqlite3(process.argv[2]!)
db.pragma('journal_mode = WAL')
// As Outpost commits: on disk before the answer (docs/durability.md).
db.pragma('synchronous = FULL')
const queries = prepareQueries(db)

const app = new Hono()
app.get('/people/:id', (c) => {
  const person = queries.getPerson(c.req.param('id'))
  return person ? c.json(person) : c.json({ error: 'not found' }, 404)
})
app.get('/people', (c) => {
  const pageSize = Number(c.req.query('pageSize') ?? 25)
  const after = c.req.query('after')
  if (after) {
    const [createdAt, id] = after.split('|')
    return c.json({ data: queries.keysetPage(createdAt!, id!, pageSize) })
  }
  const page = Number(c.req.query('page') ?? 1)
  return c.json({ data: queries.offsetPage(pageSize, (page - 1) * pageSize) })
})
app.post('/people', async (c) => {
  const body = await c.req.json<Parameters<typeof queries.createPerson>[0]>()
  return c.json(queries.createPerson(body), 201)
})
app.patch('/people/:id', async (c) => {
  const body = await c.req.json<{ fullName: string }>()
  queries.rename(c.req.param('id'), body.fullName)
  return c.json({ id: c.req.param('id'), ...body })
})
app.post('/inbound', async (c) => {
  const body = await c.req.json<{ name: string; email: string }>()
  queries.upsertByEmail(body.name, body.email)
  return c.json({ ok: true })
})

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  console.log(`floor listening at http://127.0.0.1:${info.port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
