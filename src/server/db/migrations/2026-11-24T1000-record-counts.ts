import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const counted = ['people', 'deals'] as const

const statements = [
  // Each workspace's number of people and of deals, kept exact by triggers in the transaction of
  // every insert and delete (cascades included), so a list page answers its `total` without
  // counting a million rows.
  sql`create table record_counts (
    tenant_id text not null references workspaces(id) on delete cascade,
    kind text not null check (kind in ('people', 'deals')),
    total integer not null check (total >= 0),
    primary key (tenant_id, kind)
  ) strict, without rowid`,
  ...counted.flatMap((kind) => [
    sql`insert into record_counts (tenant_id, kind, total)
        select tenant_id, ${sql.lit(kind)}, count(*) from ${sql.table(kind)} group by tenant_id`,
    sql`create trigger ${sql.raw(`${kind}_count_insert`)} after insert on ${sql.table(kind)} begin
        insert into record_counts (tenant_id, kind, total) values (new.tenant_id, ${sql.lit(kind)}, 1)
        on conflict (tenant_id, kind) do update set total = total + 1;
      end`,
    sql`create trigger ${sql.raw(`${kind}_count_delete`)} after delete on ${sql.table(kind)} begin
        update record_counts set total = total - 1
        where tenant_id = old.tenant_id and kind = ${sql.lit(kind)};
      end`,
  ]),
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
