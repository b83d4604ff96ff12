import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// SQLite's 2026-11-27T0910-inbound-log-totals in PostgreSQL's terms: each inbound webhook's number
// of logged deliveries and bytes of bodies kept, kept exact by plpgsql triggers.
const statements = [
  sql`create table inbound_log_totals (
    webhook_id text collate "C" primary key references inbound_webhooks(id) on delete cascade,
    requests integer not null check (requests >= 0),
    kept_bytes bigint not null check (kept_bytes >= 0)
  )`,
  sql`insert into inbound_log_totals (webhook_id, requests, kept_bytes)
    select webhook_id, count(*), sum(kept_bytes) from inbound_deliveries group by webhook_id`,
  sql`create function inbound_log_insert() returns trigger language plpgsql as $$
    begin
      insert into inbound_log_totals (webhook_id, requests, kept_bytes)
      values (new.webhook_id, 1, new.kept_bytes)
      on conflict (webhook_id) do update
        set requests = inbound_log_totals.requests + 1,
          kept_bytes = inbound_log_totals.kept_bytes + excluded.kept_bytes;
      return null;
    end $$`,
  sql`create function inbound_log_delete() returns trigger language plpgsql as $$
    begin
      update inbound_log_totals
        set requests = requests - 1, kept_bytes = kept_bytes - old.kept_bytes
      where webhook_id = old.webhook_id;
      return null;
    end $$`,
  sql`create trigger inbound_log_insert after insert on inbound_deliveries
    for each row execute function inbound_log_insert()`,
  sql`create trigger inbound_log_delete after delete on inbound_deliveries
    for each row execute function inbound_log_delete()`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
