import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// PostgreSQL's own (SQLite folds in JavaScript, db/fold.ts): lower() changes case by the collation
// of its argument, and every text column is `collate "C"`, whose lower() changes A to Z only,
// while a search's words come with the database's default collation.
// - outpost_fold: in a cluster made with a UTF-8 locale "Иван" was indexed as "Иван" and the
//   search "Иван" folded to "иван", so a name written in Cyrillic, Greek or Armenian capitals
//   could not be found at all; in a C cluster "ив" missed it. The two indexes made with it are
//   rebuilt.
// - outpost_lower (new): lower case alone, for text compared without case ("École" and "école":
//   deal, company and activity searches, custom field filters, deduplication by name).
// Both name a collation of their own, the same for a column and a search whatever the database's:
// ICU's root locale when the server has ICU (PostgreSQL's packages do), else the C library's
// C.UTF-8; only a server with neither keeps the default.
//
// outpost_fold becomes plpgsql. As SQL it was never inlined (the dictionary's name is looked up by
// a stable cast), so each call ran the SQL function executor; plpgsql evaluates the same
// expression at about half the cost. Text that is ASCII once unaccented, most of it, is
// lower-cased in C, the same result at half the cost of ICU's. Measured at 100,000 people, one
// walk folding every name and e-mail: 600 ms before this migration, 770 with ICU as SQL, 470 now.
const functions = (collation: string) => [
  sql.raw(`create or replace function outpost_fold(value text) returns text
    language plpgsql immutable parallel safe strict
    as $$
    declare
      unaccented text := public.unaccent('public.unaccent'::regdictionary, value);
    begin
      if octet_length(unaccented) = length(unaccented) then
        return lower(unaccented collate "C");
      end if;
      return lower(unaccented collate "${collation}");
    end $$`),
  sql.raw(`create function outpost_lower(value text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(value collate "${collation}") $$`),
]

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ collname: string }>`
    select collname from pg_collation
    where collname in ('und-x-icu', 'C.utf8') and collencoding in (-1, pg_char_to_encoding('UTF8'))
    order by collname = 'und-x-icu' desc
    limit 1`.execute(db)
  for (const statement of functions(rows[0]?.collname ?? 'default')) await statement.execute(db)
  await sql`reindex index people_search`.execute(db)
  await sql`reindex index people_word_starts`.execute(db)
  await sql`analyze people`.execute(db)
}
