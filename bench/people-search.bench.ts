// The UI's people table at 1,000,000 people: the management API's search and filters (HTTP, auth,
// validation, JSON) against the same queries run raw on an in-process better-sqlite3 connection,
// measured in one run. Ratios matter; absolute times on a shared machine are indicative only.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { createApiToken } from '../src/server/auth/service'
import { silentLogger } from '../src/server/logger'
import { startServer } from '../src/server/server'
import { createUser } from '../src/server/users/service'
import { ensureDefaultWorkspace } from '../src/server/workspace-store'
import { updateWorkspace } from '../src/server/workspaces/service'
import { measure, report, tempDataDir } from './support'

const peopleCount = Number(process.env.PEOPLE ?? 1_000_000)
const iterations = Number(process.env.ITERATIONS ?? 40)
const pageSize = 25

const firstNames = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eduarda', 'Felipe', 'Gabriela', 'Heitor']
  .concat(['Isabela', 'João', 'Larissa', 'Mateus', 'Natália', 'Otávio', 'Paula', 'Rafael'])
  .concat(['Sofia', 'Thiago', 'Valentina', 'Wagner', 'Yasmin', 'Zeca', 'Lívia', 'Caio'])
const lastNames = [
  'Silva',
  'Souza',
  'Oliveira',
  'Santos',
  'Pereira',
  'Lima',
  'Costa',
  'Gomes',
].concat(['Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Barros', 'Freitas', 'Moraes'])
const stages = ['lead', 'marketing_qualified', 'sales_qualified', 'opportunity', 'customer', null]

const data = tempDataDir('people-search')
const server = await startServer({ dataDir: data.dir, port: 0, logger: silentLogger })
const workspace = await ensureDefaultWorkspace(server.db, new Date())
await updateWorkspace(server.db, workspace.id, { rateLimitPerMinute: 100_000 }, new Date())
const owners: { id: string }[] = []
for (const name of ['Bia', 'Rui', 'Téo', 'Ivo']) {
  owners.push(await createUser(server.db, workspace.id, { name }, new Date()))
}
const token = (
  await createApiToken(server.db, workspace.id, { name: 'bench', scope: 'admin' }, new Date())
).token

const raw = new BetterSqlite3(join(data.dir, 'outpost.sqlite'))
raw.pragma('journal_mode = WAL')
const insertPerson = raw.prepare(
  `insert into people (id, tenant_id, full_name, primary_email, owner_id, lifecycle_stage,
     custom_fields, created_at, updated_at) values (?, ?, ?, ?, ?, ?, '{}', ?, ?)`,
)
const insertTag = raw.prepare(
  'insert into person_tags (tenant_id, person_id, tag, position) values (?, ?, ?, 0)',
)
const seedStart = performance.now()
raw.transaction(() => {
  const start = Date.parse('2020-01-01T00:00:00Z')
  for (let i = 0; i < peopleCount; i++) {
    const first = firstNames[i % firstNames.length]!
    const last = lastNames[Math.floor(i / firstNames.length) % lastNames.length]!
    const at = new Date(start + i * 60_000).toISOString()
    const id = randomUUID()
    insertPerson.run(
      id,
      workspace.id,
      `${first} ${last}`,
      `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.com`,
      i % 4 === 0 ? owners[(i / 4) % owners.length]!.id : null,
      stages[i % stages.length],
      at,
      at,
    )
    if (i % 5 === 0) insertTag.run(workspace.id, id, 'vip')
  }
})()
raw.exec('analyze')
console.log(
  `${peopleCount.toLocaleString('en')} people seeded (with their search index) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`,
)

/** The management API's answer for a query string. */
async function viaApi(query: string): Promise<{ total: number }> {
  const url = `${server.url}/api/app/v1/people?${query}`
  const init = { headers: { Authorization: `Bearer ${token}` } }
  // A keep-alive socket left idle while the raw queries ran may have been closed by the server.
  const response = await fetch(url, init).catch(() => fetch(url, init))
  if (response.status !== 200) throw new Error(`${query}: status ${response.status}`)
  return (await response.json()) as { total: number }
}

const page = (where: string) => ({
  count: raw.prepare(`select count(*) as total from people where tenant_id = ? ${where}`),
  rows: raw.prepare(
    `select * from people where tenant_id = ? ${where}
     order by created_at desc, id desc limit ? offset ?`,
  ),
})
const middlePage = Math.floor(peopleCount / pageSize / 2)
const rare = peopleCount - 7
const rareEmail = `${lastNames[Math.floor(rare / firstNames.length) % lastNames.length]!.toLowerCase()}${rare}@`
// The trigram index keeps no positions: it finds who holds every trigram of the text, and LIKE
// checks the text is there as typed (people/search-repository.ts does the same).
const fts = `and rowid in (select rowid from people_search where people_search match ?)
  and (full_name like ? or primary_email like ?)`
const contains = (text: string) => {
  const trigrams = Array.from({ length: text.length - 2 }, (_, at) => `"${text.slice(at, at + 3)}"`)
  return [trigrams.join(' AND '), `%${text}%`, `%${text}%`]
}
interface Case {
  label: string
  query: string
  where: string
  args: unknown[]
  offset?: number
  /** The count the server runs when it differs from counting the page's query. */
  count?: BetterSqlite3.Statement
}

const cases: Case[] = [
  { label: 'newest page, no filter', query: '', where: '', args: [] },
  {
    label: `page ${middlePage.toLocaleString('en')}, the middle of the whole list`,
    query: `page=${middlePage}`,
    where: '',
    args: [],
    offset: (middlePage - 1) * pageSize,
  },
  {
    label: `search one e-mail ("${rareEmail}")`,
    query: `q=${encodeURIComponent(rareEmail)}`,
    where: fts,
    args: contains(rareEmail),
  },
  {
    label: 'search a common surname ("moraes", 1 in 16)',
    query: 'q=moraes',
    where: fts,
    args: contains('moraes'),
  },
  {
    label: 'filter lifecycle stage and owner',
    query: `lifecycleStage=customer&ownerId=${owners[0]!.id}`,
    where: 'and lifecycle_stage = ? and owner_id = ?',
    args: ['customer', owners[0]!.id],
  },
  {
    label: 'filter tag ("vip", 1 in 5)',
    query: 'tag=vip',
    where: 'and exists (select 1 from person_tags t where t.person_id = people.id and t.tag = ?)',
    args: ['vip'],
    count: raw.prepare(
      "select count(*) as total from person_tags where tenant_id = ? and tag = 'vip'",
    ),
  },
  {
    label: 'search two letters ("ab": no index, full scan)',
    query: 'q=ab',
    where: "and (lower(full_name) like '%ab%' or primary_email like '%ab%')",
    args: [],
  },
]

console.log(`${'query (page of 25; raw SQLite = 1x)'.padEnd(52)} ${'time'.padStart(9)}      ratio`)
for (const item of cases) {
  const statements = page(item.where)
  const rawMs = await measure(iterations, () => {
    if (item.count) item.count.get(workspace.id)
    else statements.count.get(workspace.id, ...item.args)
    statements.rows.all(workspace.id, ...item.args, pageSize, item.offset ?? 0)
  })
  const apiMs = await measure(iterations, () => viaApi(item.query))
  const total = (await viaApi(item.query)).total
  console.log(`\n${item.label}: ${total.toLocaleString('en')} matches`)
  report('  raw better-sqlite3 (count + page)', rawMs, rawMs)
  report('  GET /api/app/v1/people', apiMs, rawMs)
}

raw.close()
await server.close()
data.remove()
