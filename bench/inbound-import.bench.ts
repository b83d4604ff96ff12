// CSV import of 100,000 people through the inbound engine (mapping, phone and e-mail
// normalisation, dedupe by e-mail, company by domain, tags, events, batches of 500 rows per
// transaction) against a raw better-sqlite3 insert loop over the same rows, measured in one run.
// Figures are ratios; absolute times on a shared machine are noise.
import { randomUUID } from 'node:crypto'
import { createReadStream, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { systemClock } from '../src/server/clock'
import { importConfig, importPeopleCsv } from '../src/server/imports/people-import'
import { readCsvRows } from '../src/server/imports/csv-records'
import { ensureDefaultWorkspace, openDataDir } from '../src/server/workspace-store'
import { tempDataDir } from './support'

const rows = 100_000
const data = tempDataDir('inbound-import')
const file = join(data.dir, 'people.csv')

// 1% of rows have a bad e-mail (rejected); 2% repeat an earlier e-mail (updated); a third use a
// free-mail domain, the rest one of 500 company domains.
const lines = ['Name,E-mail,Phone,Plan,Tags']
const domainOf = (i: number) => (i % 3 === 0 ? 'gmail.com' : `company${i % 500}.com.br`)
for (let i = 0; i < rows; i++) {
  const email =
    i % 100 === 99
      ? 'not-an-email'
      : i % 50 === 7
        ? `person${i - 7}@${domainOf(i - 7)}`
        : `person${i}@${domainOf(i)}`
  const phone = `(11) 9${String(1000 + (i % 9000))}-${String(i % 10000).padStart(4, '0')}`
  lines.push(`Person ${i},${email},${phone},${i % 2 ? 'pro' : 'basic'},"import, batch${i % 10}"`)
}
writeFileSync(file, lines.join('\n') + '\n')

const settings = {
  mapping: {
    fullName: '{{Name}}',
    primaryEmail: '{{E-mail}}',
    primaryPhone: '{{Phone}}',
    tags: '{{Tags}}',
    'customFields.plan': '{{Plan}}',
  },
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9
}

// Parsing alone: what the CSV reader costs before any mapping or writing.
let start = process.hrtime.bigint()
let parsed = 0
for await (const row of readCsvRows(createReadStream(file))) {
  if (row.kind === 'values') parsed++
}
const parseS = seconds(start)

const db = await openDataDir(join(data.dir, 'outpost'))
const workspace = await ensureDefaultWorkspace(db, new Date())
start = process.hrtime.bigint()
const first = await importPeopleCsv(
  db,
  workspace.id,
  createReadStream(file),
  importConfig(settings),
  {
    clock: systemClock,
  },
)
const importS = seconds(start)

start = process.hrtime.bigint()
const second = await importPeopleCsv(
  db,
  workspace.id,
  createReadStream(file),
  importConfig(settings),
  {
    clock: systemClock,
  },
)
const reimportS = seconds(start)
await db.destroy()

// The baseline: the same number of people inserted by a prepared statement in one transaction,
// into a database with the same schema, triggers and indexes (no tags, events or lookups).
const rawDb = await openDataDir(join(data.dir, 'raw'))
const rawWorkspace = await ensureDefaultWorkspace(rawDb, new Date())
await rawDb.destroy()
const raw = new BetterSqlite3(join(data.dir, 'raw', 'outpost.sqlite'))
raw.pragma('journal_mode = WAL')
raw.pragma('synchronous = NORMAL')
const insert = raw.prepare(
  `insert into people (id, tenant_id, full_name, primary_email, primary_phone, custom_fields,
     created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
)
start = process.hrtime.bigint()
raw.transaction(() => {
  const at = new Date().toISOString()
  for (let i = 0; i < rows; i++) {
    insert.run(
      randomUUID(),
      rawWorkspace.id,
      `Person ${i}`,
      `person${i}@x.com`,
      null,
      '{"plan":"pro"}',
      at,
      at,
    )
  }
})()
const rawS = seconds(start)
raw.close()
data.remove()

const perRow = (s: number) => `${((s / rows) * 1e6).toFixed(1).padStart(7)} µs/row`
const line = (label: string, s: number) =>
  console.log(
    `${label.padEnd(56)} ${s.toFixed(2).padStart(7)} s ${perRow(s)} ${(s / rawS).toFixed(1).padStart(6)}x`,
  )
console.log(`${rows} CSV rows (${parsed} parsed), batches of 500 rows per transaction\n`)
line('raw better-sqlite3 insert loop, one transaction', rawS)
line('CSV reader alone (no mapping, no writes)', parseS)
line('import, fresh workspace (creates, companies, events)', importS)
line('import again (every row matched: dedupe and merge)', reimportS)
console.log(
  `\nfirst import: ${first.created} created, ${first.updated} updated, ${first.rejected} rejected` +
    `\nsecond import: ${second.created} created, ${second.updated} updated, ${second.rejected} rejected` +
    `\nimport rate: ${Math.round(rows / importS)} rows/s; RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`,
)
