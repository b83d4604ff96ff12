// Text folded in JavaScript, with no import: the benchmark's floor app loads it without Kysely.

/**
 * Text as people search compares it: lower case, accents removed ("João" is "joao"), the way the
 * FTS5 tokenizers fold it (remove_diacritics). PostgreSQL has its own `outpost_fold`, made with
 * unaccent (migrations-postgres baseline, then 2026-11-28T1900).
 */
export const fold = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * The key a person's name or a deal's title is ordered by (people.name_key, deals.title_key): the
 * text folded, so "Álvaro" sorts with "alvaro", before "Bruno", on both engines alike. Written by
 * the repository with the text; other letters keep their code point order.
 */
export const orderKey = fold
