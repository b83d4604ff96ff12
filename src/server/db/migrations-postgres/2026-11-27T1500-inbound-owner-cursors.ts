import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// SQLite's 2026-11-27T1500-inbound-owner-cursors in PostgreSQL's terms: a round-robin webhook's
// turn in a table of its own, so a delivery's write leaves the webhook's row alone.
const statements = [
  sql`create table inbound_owner_cursors (
    webhook_id text collate "C" primary key references inbound_webhooks(id) on delete cascade,
    handed_out integer not null check (handed_out >= 0)
  )`,
  sql`insert into inbound_owner_cursors (webhook_id, handed_out)
    select id, owner_cursor from inbound_webhooks where owner_cursor > 0`,
  sql`alter table inbound_webhooks drop column owner_cursor`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
