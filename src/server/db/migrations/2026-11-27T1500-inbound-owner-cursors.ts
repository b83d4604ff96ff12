import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// A round-robin webhook's turn moves at each delivery. Kept on the webhook's row, that write named
// inbound_webhooks, which drops every cached token and webhook (db/connection.ts accessStamp); in
// a table of its own it is state a delivery writes, like the log's totals, and the caches stay.
const statements = [
  sql`create table inbound_owner_cursors (
    webhook_id text primary key references inbound_webhooks(id) on delete cascade,
    handed_out integer not null check (handed_out >= 0)
  ) strict, without rowid`,
  sql`insert into inbound_owner_cursors (webhook_id, handed_out)
    select id, owner_cursor from inbound_webhooks where owner_cursor > 0`,
  sql`alter table inbound_webhooks drop column owner_cursor`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
