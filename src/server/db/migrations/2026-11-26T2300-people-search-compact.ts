import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// The search indexes, smaller (bench/ W11, the file against bare tables). At a million people:
// - people_search kept every trigram's positions (detail=full): 144 MiB of the file. Without
//   positions (detail=none) it takes 34 MiB. It then finds the people holding all of a text's
//   trigrams, and the query checks that they are in a row (people/search-repository.ts).
// - Neither index needs each row's length in tokens (columnsize): it serves only bm25() ranking,
//   which search does not use. 10 MiB each.
// The triggers that keep both indexes stay: they name the tables, not their options.
const statements = [
  sql`drop table people_search`,
  sql`create virtual table people_search using fts5(
    full_name, primary_email,
    content = 'people', content_rowid = 'rowid',
    tokenize = 'trigram remove_diacritics 1', detail = none, columnsize = 0
  )`,
  sql`insert into people_search (people_search) values ('rebuild')`,
  sql`drop table people_prefix`,
  sql`create virtual table people_prefix using fts5(
    full_name, primary_email,
    content = 'people', content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2', detail = none, columnsize = 0
  )`,
  // Pages of 1,000 bytes, as 2026-11-26T1500-people-prefix-pages chose.
  sql`insert into people_prefix (people_prefix, rank) values ('pgsz', 1000)`,
  sql`insert into people_prefix (people_prefix) values ('rebuild')`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
