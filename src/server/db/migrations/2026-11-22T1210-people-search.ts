import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // "Name or e-mail contains": a trigram index answers substring queries of three or more
  // characters without reading every person. It holds no copy of the text (content='people') and is
  // keyed by the people table's rowid, so anything that renumbers rowids (VACUUM) must be followed
  // by `insert into people_search(people_search) values ('rebuild')`.
  sql`create virtual table people_search using fts5(
    full_name, primary_email,
    content = 'people', content_rowid = 'rowid',
    tokenize = 'trigram remove_diacritics 1'
  )`,
  sql`create trigger people_search_insert after insert on people begin
    insert into people_search (rowid, full_name, primary_email)
      values (new.rowid, new.full_name, new.primary_email);
  end`,
  sql`create trigger people_search_delete after delete on people begin
    insert into people_search (people_search, rowid, full_name, primary_email)
      values ('delete', old.rowid, old.full_name, old.primary_email);
  end`,
  sql`create trigger people_search_update after update of full_name, primary_email on people begin
    insert into people_search (people_search, rowid, full_name, primary_email)
      values ('delete', old.rowid, old.full_name, old.primary_email);
    insert into people_search (rowid, full_name, primary_email)
      values (new.rowid, new.full_name, new.primary_email);
  end`,
  sql`insert into people_search (people_search) values ('rebuild')`,
  // The filters of the people table, each in newest-first order so a page is an index range.
  // Partial, so the plain newest-first list keeps its own smaller index.
  sql`create index people_tenant_lifecycle_created
    on people (tenant_id, lifecycle_stage, created_at, id) where lifecycle_stage is not null`,
  sql`create index people_tenant_owner_created
    on people (tenant_id, owner_id, created_at, id) where owner_id is not null`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
