import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// The search indexes are brought up to date once per commit, not once per write (bench/ W5-W7).
// FTS5 writes what a statement added to it as a new segment at every savepoint, and each write is
// a savepoint in its group's transaction (db/group-commit.ts): a PATCH of a name paid for a small
// segment in each index, and their merges. The triggers now note each change in
// people_search_pending, and the commit moves the notes into both indexes in one statement each and
// empties the table (db/search-index-flush.ts). A later migration that rebuilds an index must empty
// the table first.
const statements = [
  sql`create table people_search_pending (
    seq integer primary key,
    person_rowid integer not null,
    -- 1: take these values out of the indexes; 0: put them in.
    removed integer not null check (removed in (0, 1)),
    full_name text not null,
    primary_email text
  ) strict`,
  ...['insert', 'delete', 'update'].flatMap((change) => [
    sql.raw(`drop trigger people_search_${change}`),
    sql.raw(`drop trigger people_prefix_${change}`),
  ]),
  sql`create trigger people_search_insert after insert on people begin
    insert into people_search_pending (person_rowid, removed, full_name, primary_email)
      values (new.rowid, 0, new.full_name, new.primary_email);
  end`,
  sql`create trigger people_search_delete after delete on people begin
    insert into people_search_pending (person_rowid, removed, full_name, primary_email)
      values (old.rowid, 1, old.full_name, old.primary_email);
  end`,
  sql`create trigger people_search_update after update of full_name, primary_email on people begin
    insert into people_search_pending (person_rowid, removed, full_name, primary_email)
      values (old.rowid, 1, old.full_name, old.primary_email),
        (new.rowid, 0, new.full_name, new.primary_email);
  end`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
