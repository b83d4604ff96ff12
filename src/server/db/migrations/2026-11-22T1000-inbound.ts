import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // An inbound webhook: a URL whose token is the credential, and what to do with what arrives.
  // Only the SHA-256 of the token is kept. The mapping, dedupe fields and actions are JSON text.
  sql`create table inbound_webhooks (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    name text not null,
    object_type text not null check (object_type in ('person', 'deal')),
    mapping text not null,
    dedupe_strategy text not null check (dedupe_strategy in ('email', 'phone', 'composite', 'none')),
    dedupe_fields text not null default '[]',
    default_country text not null,
    actions text not null default '{}',
    enabled integer not null default 1 check (enabled in (0, 1)),
    token_hash text not null unique,
    token_prefix text not null,
    owner_cursor integer not null default 0,
    created_at text not null,
    updated_at text not null,
    rotated_at text,
    revoked_at text
  ) strict`,
  sql`create index inbound_webhooks_tenant_created on inbound_webhooks (tenant_id, created_at, id)`,

  // The request log. seq orders deliveries (several can share a millisecond). The body is kept as
  // the bytes received, so a replay parses exactly what arrived; null when it was never read
  // (over the size limit). person_id and deal_id are history, not links: no foreign keys.
  sql`create table inbound_deliveries (
    seq integer primary key autoincrement,
    id text not null unique,
    tenant_id text not null references workspaces(id) on delete cascade,
    webhook_id text not null references inbound_webhooks(id) on delete cascade,
    received_at text not null,
    content_type text,
    body blob,
    body_size integer not null,
    outcome text not null check (outcome in ('created', 'updated', 'rejected')),
    status integer not null,
    response text not null,
    person_id text,
    deal_id text,
    replay_of text
  ) strict`,
  sql`create index inbound_deliveries_webhook_seq on inbound_deliveries (webhook_id, seq)`,
  sql`create index inbound_deliveries_received on inbound_deliveries (received_at)`,

  // Deduplication by phone looks people up by their normalised number.
  sql`create index people_tenant_phone on people (tenant_id, primary_phone) where primary_phone is not null`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
