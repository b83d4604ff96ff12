// Writes test/fixtures/schemas/<migration>.sqlite: a database as each earlier schema version left
// it, holding the records a user of that version would have (a workspace, a token, people with
// tags, a deal, events, an outbound subscription and an inbound webhook, each written by raw SQL
// as that version's tables took them, at the first version that had their table). The upgrade
// test (test/upgrade.test.ts) opens each, migrates it and runs the API against it.
//
//   npx tsx scripts/schema-fixtures.ts      (run once per new migration; the files are committed)
import { createHash } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { migrationProvider } from '../src/server/db/migrations'

const folder = join(import.meta.dirname, '..', 'test', 'fixtures', 'schemas')
/** The API token every fixture holds (admin scope), so the test can call the API. */
export const fixtureToken = `op_${'F'.repeat(43)}`
const at = '2026-11-22T10:00:00.000Z'
const tenant = '00000000-0000-4000-8000-00000000a001'
/** The workspace the fixtures of sync's schema replicate (the first stays the contract's own). */
export const replicaTenant = '00000000-0000-4000-8000-00000000a101'
const hash = (text: string) => createHash('sha256').update(text).digest('hex')

// What each migration's new tables receive, keyed by the migration that made them.
const seeds: Record<string, string[]> = {
  '2026-11-22T0900-initial': [
    `insert into workspaces values ('${tenant}', 'Fixture', 300, '${at}', '${at}')`,
    `insert into pipelines values ('p1', '${tenant}', 'Sales', 0, '${at}', '${at}')`,
    `insert into stages values ('s1', '${tenant}', 'p1', 'Lead', 'open', 0, '${at}', '${at}'),
       ('s2', '${tenant}', 'p1', 'Won', 'won', 1, '${at}', '${at}')`,
    `insert into workspace_currencies values ('${tenant}', 'BRL', '${at}')`,
    ...[1, 2, 3].map(
      (n) => `insert into people (id, tenant_id, full_name, primary_email, lifecycle_stage,
        custom_fields, created_at, updated_at) values ('00000000-0000-4000-8000-00000000b00${n}',
        '${tenant}', 'Person ${n}', 'person${n}@fixture.test', 'lead', '{"score": ${n}}',
        '2026-11-22T10:00:0${n}.000Z', '2026-11-22T10:00:0${n}.000Z')`,
    ),
    `insert into person_tags values ('${tenant}', '00000000-0000-4000-8000-00000000b001', 'vip', 0)`,
    `insert into deals (id, tenant_id, title, value, currency, pipeline_id, stage_id,
       primary_person_id, created_at, updated_at) values ('00000000-0000-4000-8000-00000000c001',
       '${tenant}', 'First deal', 1500, 'BRL', 'p1', 's1', '00000000-0000-4000-8000-00000000b001',
       '${at}', '${at}')`,
    `insert into api_tokens values ('00000000-0000-4000-8000-00000000d001', '${tenant}', 'fixture',
       'admin', '${hash(fixtureToken)}', '${fixtureToken.slice(0, 9)}', '${at}', null, null)`,
    `insert into events (id, tenant_id, type, resource_type, resource_id, payload, created_at)
       values ('00000000-0000-4000-8000-00000000e001', '${tenant}', 'person.created', 'person',
       '00000000-0000-4000-8000-00000000b001', '{"id":"00000000-0000-4000-8000-00000000e001",
       "type":"person.created"}', '${at}')`,
  ],
  '2026-11-22T1000-inbound': [
    `insert into inbound_webhooks (id, tenant_id, name, object_type, mapping, dedupe_strategy,
       default_country, token_hash, token_prefix, created_at, updated_at) values
       ('00000000-0000-4000-8000-00000000f001', '${tenant}', 'Form', 'person',
       '{"fullName":"{{name}}","primaryEmail":"{{email}}"}', 'email', 'BR',
       '${hash(`in_${'G'.repeat(43)}`)}', 'in_GGGGGG', '${at}', '${at}')`,
  ],
  '2026-11-22T1100-outbound': [
    `insert into webhook_subscriptions (id, tenant_id, url, event_types, enabled, secret,
       cursor_seq, created_at, updated_at) values ('00000000-0000-4000-8000-00000000f002',
       '${tenant}', 'http://127.0.0.1:9/hooks', '["*"]', 0,
       'whsec_${Buffer.from('f'.repeat(32)).toString('base64')}', 1, '${at}', '${at}')`,
  ],
  '2026-11-25T0700-activities-notes': [
    `insert into activities (id, tenant_id, type, subject, due_date, time_zone, due_at, done,
       deal_id, created_at, updated_at) values ('00000000-0000-4000-8000-00000000a701',
       '${tenant}', 'call', 'Fixture call', '2026-11-20', 'America/Sao_Paulo',
       '2026-11-20T03:00:00.000Z', 1, '00000000-0000-4000-8000-00000000c001', '${at}', '${at}')`,
    `insert into activity_people values ('00000000-0000-4000-8000-00000000a701',
       '00000000-0000-4000-8000-00000000b001')`,
    `insert into notes (id, tenant_id, body, pinned, person_id, noted_at, created_at, updated_at)
       values ('00000000-0000-4000-8000-00000000a702', '${tenant}', 'Fixture note', 1,
       '00000000-0000-4000-8000-00000000b001', '${at}', '${at}', '${at}')`,
  ],
  // A second workspace, a replica of a team server (out of reach), with one change waiting.
  '2026-11-26T0000-sync': [
    `insert into workspaces (id, name, created_at, updated_at)
       values ('${replicaTenant}', 'Replica', '${at}', '${at}')`,
    `insert into sync_state (id, client_id, server_url, server_token, tenant_id, last_seq,
       permissions, cursor, last_synced_at, last_error) values (1, 'c0ffee00c0ffee00',
       'http://127.0.0.1:9', 'op_${'S'.repeat(43)}', '${replicaTenant}', 7,
       '["records.read","records.write"]', '0', '${at}', null)`,
    `insert into sync_outbox values (7, 'people', '00000000-0000-4000-8000-00000000b101', 'upsert',
       '{"fullName":"Waiting"}', '0001732269600000-0000-c0ffee00c0ffee00',
       '2026-11-26T0000-sync', '${at}')`,
  ],
}

export const fixtureSecret = `whsec_${Buffer.from('f'.repeat(32)).toString('base64')}`
export const fixtureInboundToken = `in_${'G'.repeat(43)}`

async function main() {
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  const file = join(folder, 'building.sqlite')
  const sqlite = new BetterSqlite3(file)
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) })
  const migrator = new Migrator({ db, provider: migrationProvider })
  const names = Object.keys(await migrationProvider.getMigrations()).sort()
  // Every version but the newest: the newest is what the code under test creates itself.
  for (const name of names.slice(0, -1)) {
    const { error } = await migrator.migrateTo(name)
    if (error) throw error
    for (const statement of seeds[name] ?? []) sqlite.exec(statement)
    await sqlite.backup(join(folder, `${name}.sqlite`))
    console.log(`${name}.sqlite`)
  }
  await db.destroy()
  rmSync(file)
}

if (process.argv[1] === import.meta.filename) await main()
