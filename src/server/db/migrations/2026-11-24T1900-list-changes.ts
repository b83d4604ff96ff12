import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const counted = ['people', 'deals'] as const

const statements = [
  // How many times a workspace's people or deals gained or lost a row. A list page remembers where
  // the pages it served ended (db/list-positions) for as long as this number has not moved: rows
  // are listed by (created_at, id), which no update changes, so only inserts and deletes move them.
  sql`alter table record_counts add column changes integer not null default 0`,
  ...counted.flatMap((kind) => [
    sql`drop trigger ${sql.raw(`${kind}_count_insert`)}`,
    sql`drop trigger ${sql.raw(`${kind}_count_delete`)}`,
    sql`create trigger ${sql.raw(`${kind}_count_insert`)} after insert on ${sql.table(kind)} begin
        insert into record_counts (tenant_id, kind, total, changes)
        values (new.tenant_id, ${sql.lit(kind)}, 1, 1)
        on conflict (tenant_id, kind) do update set total = total + 1, changes = changes + 1;
      end`,
    sql`create trigger ${sql.raw(`${kind}_count_delete`)} after delete on ${sql.table(kind)} begin
        update record_counts set total = total - 1, changes = changes + 1
        where tenant_id = old.tenant_id and kind = ${sql.lit(kind)};
      end`,
  ]),
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
