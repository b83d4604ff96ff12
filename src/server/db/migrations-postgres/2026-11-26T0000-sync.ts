import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// SQLite's 2026-11-26T0000-sync in PostgreSQL's terms (issue 17, docs/sync-protocol.md). Clocks
// are compared as text byte by byte, hence collate "C".
const statements = [
  sql`create table sync_clocks (
    table_name text collate "C" not null,
    record_id text collate "C" not null,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    deleted integer not null default 0 check (deleted in (0, 1)),
    created_hlc text collate "C" not null,
    clocks text collate "C" not null,
    primary key (table_name, record_id)
  )`,
  sql`alter table events add column hlc text collate "C"`,
  sql`create table sync_clients (
    client_id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    last_seq bigint not null,
    created_at text collate "C" not null,
    last_seen_at text collate "C" not null
  )`,
  sql`create table sync_rejections (
    client_id text collate "C" not null references sync_clients(client_id) on delete cascade,
    seq bigint not null,
    reason text collate "C" not null,
    mutation text collate "C" not null,
    created_at text collate "C" not null,
    primary key (client_id, seq)
  )`,
  sql`create table record_aliases (
    table_name text collate "C" not null,
    alias_id text collate "C" not null,
    survivor_id text collate "C" not null,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    client_id text collate "C",
    seq bigint,
    created_at text collate "C" not null,
    primary key (table_name, alias_id)
  )`,
  sql`create index record_aliases_client on record_aliases (client_id, seq) where client_id is not null`,
  sql`create table sync_state (
    id integer primary key check (id = 1),
    client_id text collate "C" not null,
    server_url text collate "C" not null,
    server_token text collate "C" not null,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    last_seq bigint not null default 0,
    permissions text collate "C" not null default '[]',
    cursor text collate "C",
    last_synced_at text collate "C",
    last_error text collate "C"
  )`,
  sql`create table sync_outbox (
    seq bigint primary key,
    table_name text collate "C" not null,
    record_id text collate "C" not null,
    op text collate "C" not null check (op in ('upsert', 'delete')),
    fields text collate "C" not null,
    hlc text collate "C" not null,
    schema_version text collate "C" not null,
    created_at text collate "C" not null
  )`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
