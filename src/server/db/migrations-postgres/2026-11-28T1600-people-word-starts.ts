import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// PostgreSQL's own (SQLite's people_prefix FTS5 index answers the same searches there): the one-
// and two-character starts of every word of a person's folded name and e-mail, in a GIN index,
// for people searches of one or two characters. The trigram index cannot serve those (a
// trigram needs three characters): they read every person, 250 to 760 ms at 100,000 people.
//
// A word is a run of characters other than ASCII spaces, punctuation and controls: ASCII letters
// and digits, and every other character (so the letters of every script make words, as SQLite's
// unicode61 tokenizer has them). "jo" and "j" are the starts of "joao".
const wordCharacter = String.raw`[^\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]`
const separators = String.raw`[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+`

const statements = [
  // plpgsql, not an SQL function: the planner would inline an SQL one and price its two regular
  // expressions as two cheap operators, then walk a whole list checking each person rather than
  // read the index. As a function it keeps its cost (the default 100).
  sql.raw(String.raw`create function outpost_word_starts(folded text) returns text[]
    language plpgsql immutable parallel safe strict
    as $$ begin
      return array_remove(regexp_split_to_array(
        regexp_replace(folded, '(${wordCharacter})(${wordCharacter}?)${wordCharacter}*', '\1 \1\2', 'g'),
        '${separators}'), '');
    end $$`),
  sql`create index people_word_starts on people using gin
    (outpost_word_starts(outpost_fold(full_name || chr(1) || coalesce(primary_email::text, ''))))`,
  // The planner's statistics of the new expression, for its choice between the index and a walk.
  sql`analyze people`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
