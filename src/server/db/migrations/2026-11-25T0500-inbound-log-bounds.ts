import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // Each webhook's request log is capped by count and by the bytes of the bodies it keeps
  // (inbound/delivery-log.ts): a leaked URL cannot fill the disk.
  sql`alter table inbound_webhooks add column log_max_requests integer not null default 500
    check (log_max_requests between 10 and 10000)`,
  sql`alter table inbound_webhooks add column log_max_bytes integer not null default 8388608
    check (log_max_bytes between 65536 and 1073741824)`,
  // The bytes of body a delivery keeps: all of an accepted one, the first few KiB of a rejected one.
  sql`alter table inbound_deliveries add column kept_bytes integer not null default 0`,
  sql`update inbound_deliveries set kept_bytes = coalesce(length(body), 0)`,
  // Newest first per webhook with the bytes at hand: the byte cap sums them from the index alone.
  sql`create index inbound_deliveries_webhook_kept on inbound_deliveries (webhook_id, seq, kept_bytes)`,
  sql`drop index inbound_deliveries_webhook_seq`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
