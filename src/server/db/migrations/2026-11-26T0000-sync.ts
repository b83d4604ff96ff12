import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// Issue 17: laptops as replicas of a team server (docs/sync-protocol.md). Every database keeps the
// clock of each synced field and stamps each event with the clock of its write; a team server
// also keeps its replicas' settled mutation numbers and what it refused; a replica keeps its link
// to the server and its changes waiting to be pushed.
const statements = [
  // One row per synced record: each field's clock (JSON {field: hlc}), the creation clock, and
  // whether it is a tombstone (deleted: an edit arriving later is refused).
  sql`create table sync_clocks (
    table_name text not null,
    record_id text not null,
    tenant_id text not null references workspaces(id) on delete cascade,
    deleted integer not null default 0 check (deleted in (0, 1)),
    created_hlc text not null,
    clocks text not null,
    primary key (table_name, record_id)
  ) strict`,
  // The hybrid logical clock of the write that made the event: what a pulled change carries.
  sql`alter table events add column hlc text`,
  // A team server's replicas: the newest mutation of each it has settled (applied or refused).
  sql`create table sync_clients (
    client_id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    last_seq integer not null,
    created_at text not null,
    last_seen_at text not null
  ) strict`,
  sql`create table sync_rejections (
    client_id text not null references sync_clients(client_id) on delete cascade,
    seq integer not null,
    reason text not null,
    mutation text not null,
    created_at text not null,
    primary key (client_id, seq)
  ) strict`,
  // Rule 4: a person created twice with one e-mail (two offline laptops) lives on as the one
  // created first; the other's id is kept as an alias, so later changes addressed to it land on
  // the survivor. client_id and seq: the pushed mutation that was merged, for the push's answer.
  sql`create table record_aliases (
    table_name text not null,
    alias_id text not null,
    survivor_id text not null,
    tenant_id text not null references workspaces(id) on delete cascade,
    client_id text,
    seq integer,
    created_at text not null,
    primary key (table_name, alias_id)
  ) strict`,
  sql`create index record_aliases_client on record_aliases (client_id, seq) where client_id is not null`,
  // A replica's link to its team server: one row, or none on a database that is no replica.
  // server_token is sealed (sealing/), as the other credentials Outpost must read back.
  sql`create table sync_state (
    id integer primary key check (id = 1),
    client_id text not null,
    server_url text not null,
    server_token text not null,
    tenant_id text not null references workspaces(id) on delete cascade,
    -- The number of the replica's newest mutation: outbox rows go 1, 2, 3... for ever.
    last_seq integer not null default 0,
    -- What the token may do in the workspace (JSON), as the server last said: checked offline.
    permissions text not null default '[]',
    cursor text,
    last_synced_at text,
    last_error text
  ) strict`,
  // A replica's writes not yet settled by the server, written in the write's own transaction.
  sql`create table sync_outbox (
    seq integer primary key,
    table_name text not null,
    record_id text not null,
    op text not null check (op in ('upsert', 'delete')),
    fields text not null,
    hlc text not null,
    schema_version text not null,
    created_at text not null
  ) strict`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
