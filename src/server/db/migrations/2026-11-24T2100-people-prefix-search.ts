import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // Searches of one or two letters: "a word of the name or e-mail starts with these letters",
  // from an index of every word's first one and two letters (the trigram index starts at three).
  // Like people_search, it holds no copy of the text and is keyed by the people table's rowid.
  sql`create virtual table people_prefix using fts5(
    full_name, primary_email,
    content = 'people', content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2', detail = none
  )`,
  sql`create trigger people_prefix_insert after insert on people begin
    insert into people_prefix (rowid, full_name, primary_email)
      values (new.rowid, new.full_name, new.primary_email);
  end`,
  sql`create trigger people_prefix_delete after delete on people begin
    insert into people_prefix (people_prefix, rowid, full_name, primary_email)
      values ('delete', old.rowid, old.full_name, old.primary_email);
  end`,
  sql`create trigger people_prefix_update after update of full_name, primary_email on people begin
    insert into people_prefix (people_prefix, rowid, full_name, primary_email)
      values ('delete', old.rowid, old.full_name, old.primary_email);
    insert into people_prefix (rowid, full_name, primary_email)
      values (new.rowid, new.full_name, new.primary_email);
  end`,
  sql`insert into people_prefix (people_prefix) values ('rebuild')`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
