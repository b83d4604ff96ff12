import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// A search of one or two letters walks people newest first and probes people_prefix for each
// (people/search-repository.ts). FTS5 finds a row in a letter's list of rows through an index of
// that list, which it writes only for a list spanning several leaf pages. With its default pages
// of 4,050 bytes, a common letter's list at 100,000 people fitted in a few and had none, so each
// probe read the list from its start: a search of "a" took 43 ms there, against 10 ms at a
// million people (bench/ W14). Pages of 1,000 bytes give such lists their index; the bytes stored
// stay the same. The search-index merger (people/search-index-merge.ts) merges what the rebuild
// leaves.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into people_prefix (people_prefix, rank) values ('pgsz', 1000)`.execute(db)
  await sql`insert into people_prefix (people_prefix) values ('rebuild')`.execute(db)
}
