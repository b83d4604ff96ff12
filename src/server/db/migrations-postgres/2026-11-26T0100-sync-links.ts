import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// SQLite's 2026-11-26T0100-sync-links in PostgreSQL's terms: one link per replicated workspace.
const statements = [
  sql`create table sync_links (
    tenant_id text collate "C" primary key references workspaces(id) on delete cascade,
    client_id text collate "C" not null unique,
    server_url text collate "C" not null,
    server_token text collate "C" not null,
    last_seq bigint not null default 0,
    permissions text collate "C" not null default '[]',
    cursor text collate "C",
    last_synced_at text collate "C",
    last_error text collate "C"
  )`,
  sql`insert into sync_links (tenant_id, client_id, server_url, server_token, last_seq,
      permissions, cursor, last_synced_at, last_error)
    select tenant_id, client_id, server_url, server_token, last_seq, permissions, cursor,
      last_synced_at, last_error
    from sync_state`,
  sql`alter table sync_outbox add column tenant_id text collate "C"`,
  sql`update sync_outbox set tenant_id = (select tenant_id from sync_state)`,
  sql`delete from sync_outbox where tenant_id is null`,
  sql`alter table sync_outbox alter column tenant_id set not null`,
  sql`alter table sync_outbox drop constraint sync_outbox_pkey`,
  sql`alter table sync_outbox add primary key (tenant_id, seq)`,
  sql`alter table sync_outbox add foreign key (tenant_id) references sync_links(tenant_id) on delete cascade`,
  sql`create index sync_outbox_record on sync_outbox (table_name, record_id)`,
  sql`drop table sync_state`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
