import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// Issue 17: one computer, a replica of several of the team server's workspaces. The single link
// (sync_state, one row) becomes one link per replicated workspace, each with its own client id,
// token, cursor and mutation numbers; each outbox row belongs to the link of its workspace.
const statements = [
  sql`create table sync_links (
    tenant_id text primary key references workspaces(id) on delete cascade,
    client_id text not null unique,
    server_url text not null,
    server_token text not null,
    last_seq integer not null default 0,
    permissions text not null default '[]',
    cursor text,
    last_synced_at text,
    last_error text
  ) strict`,
  sql`insert into sync_links (tenant_id, client_id, server_url, server_token, last_seq,
      permissions, cursor, last_synced_at, last_error)
    select tenant_id, client_id, server_url, server_token, last_seq, permissions, cursor,
      last_synced_at, last_error
    from sync_state`,
  sql`create table sync_outbox_by_link (
    tenant_id text not null references sync_links(tenant_id) on delete cascade,
    seq integer not null,
    table_name text not null,
    record_id text not null,
    op text not null check (op in ('upsert', 'delete')),
    fields text not null,
    hlc text not null,
    schema_version text not null,
    created_at text not null,
    primary key (tenant_id, seq)
  ) strict`,
  // Before, only the one link's workspace had an outbox.
  sql`insert into sync_outbox_by_link
    select (select tenant_id from sync_state), seq, table_name, record_id, op, fields, hlc,
      schema_version, created_at
    from sync_outbox
    where exists (select 1 from sync_state)`,
  sql`drop table sync_outbox`,
  sql`alter table sync_outbox_by_link rename to sync_outbox`,
  sql`create index sync_outbox_record on sync_outbox (table_name, record_id)`,
  sql`drop table sync_state`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
