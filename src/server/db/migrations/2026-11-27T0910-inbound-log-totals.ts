import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// Each inbound webhook's number of logged deliveries and the bytes of bodies they keep, kept exact
// by triggers in the transaction of every insert and delete (cascades included). Keeping the log
// within its bounds read both from the log on every delivery: a walk to the 500th delivery and a
// sum over all of them, 40 to 50 µs (bench/ W7); now it reads one row.
const statements = [
  sql`create table inbound_log_totals (
    webhook_id text primary key references inbound_webhooks(id) on delete cascade,
    requests integer not null check (requests >= 0),
    kept_bytes integer not null check (kept_bytes >= 0)
  ) strict, without rowid`,
  sql`insert into inbound_log_totals (webhook_id, requests, kept_bytes)
    select webhook_id, count(*), sum(kept_bytes) from inbound_deliveries group by webhook_id`,
  sql`create trigger inbound_log_insert after insert on inbound_deliveries begin
    insert into inbound_log_totals (webhook_id, requests, kept_bytes)
      values (new.webhook_id, 1, new.kept_bytes)
      on conflict (webhook_id) do update set requests = requests + 1,
        kept_bytes = kept_bytes + excluded.kept_bytes;
  end`,
  sql`create trigger inbound_log_delete after delete on inbound_deliveries begin
    update inbound_log_totals set requests = requests - 1, kept_bytes = kept_bytes - old.kept_bytes
    where webhook_id = old.webhook_id;
  end`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
