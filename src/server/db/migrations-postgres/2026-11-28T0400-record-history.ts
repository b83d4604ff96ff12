import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// SQLite's 2026-11-28T0400-record-history in PostgreSQL's terms: a person's or deal's events past
// the event retention, kept small for its timeline, and gone with the record.
const statements = [
  sql`create table record_history (
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    resource_id text collate "C" not null,
    seq bigint not null,
    payload text collate "C" not null,
    actor text collate "C",
    primary key (tenant_id, resource_id, seq)
  )`,
  sql`create function record_history_delete() returns trigger language plpgsql as $$
    begin
      delete from record_history where tenant_id = old.tenant_id and resource_id = old.id;
      return null;
    end $$`,
  sql`create trigger people_history_delete after delete on people
    for each row execute function record_history_delete()`,
  sql`create trigger deals_history_delete after delete on deals
    for each row execute function record_history_delete()`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
