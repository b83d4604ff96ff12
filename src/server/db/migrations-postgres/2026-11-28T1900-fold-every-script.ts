import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// PostgreSQL's own (SQLite folds in JavaScript, db/fold.ts): outpost_fold lower-cased with the
// collation of its argument. A person's name is `collate "C"`, whose lower() changes only A to Z,
// while a search's words come with the database's default collation: in a cluster made with a
// UTF-8 locale, "Иван" was indexed as "Иван" and the search "Иван" folded to "иван", so a name
// written in Cyrillic, Greek or Armenian capitals could not be found at all; in a C cluster "ив"
// missed it. The fold now names a collation of its own, the same for both sides whatever the
// database's: ICU's root locale when the server has ICU (PostgreSQL's packages do), else the C
// library's C.UTF-8; only a server with neither keeps the default. The two indexes made with
// it are rebuilt.
const foldWith = (collation: string) =>
  sql.raw(`create or replace function outpost_fold(value text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value) collate "${collation}") $$`)

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ collname: string }>`
    select collname from pg_collation
    where collname in ('und-x-icu', 'C.utf8') and collencoding in (-1, pg_char_to_encoding('UTF8'))
    order by collname = 'und-x-icu' desc
    limit 1`.execute(db)
  await foldWith(rows[0]?.collname ?? 'default').execute(db)
  await sql`reindex index people_search`.execute(db)
  await sql`reindex index people_word_starts`.execute(db)
  await sql`analyze people`.execute(db)
}
