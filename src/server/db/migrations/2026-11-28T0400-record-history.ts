import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const recorded = ['people', 'deals'] as const

const statements = [
  // A person's or deal's events past the workspace's event retention, kept small for its timeline
  // (events/history.ts): pruned from the change feed, a record's history would empty after 30 days.
  // `seq` is the event's place in the feed, so the history and the events still kept read as one.
  sql`create table record_history (
    tenant_id text not null references workspaces(id) on delete cascade,
    resource_id text not null,
    seq integer not null,
    payload text not null,
    actor text,
    primary key (tenant_id, resource_id, seq)
  ) strict, without rowid`,
  // A record deleted takes its history with it, however it is deleted (the API, a merge, sync).
  ...recorded.map((table) => {
    const trigger = sql.raw(`${table}_history_delete`)
    return sql`create trigger ${trigger} after delete on ${sql.table(table)} begin
        delete from record_history where tenant_id = old.tenant_id and resource_id = old.id;
      end`
  }),
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
