import type BetterSqlite3 from 'better-sqlite3'

/**
 * Text as people search compares it: lower case, accents removed ("João" is "joao"), the way the
 * FTS5 tokenizers fold it (remove_diacritics). PostgreSQL has its own `outpost_fold`, made with
 * unaccent (migrations-postgres baseline).
 */
export const fold = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** `outpost_fold(text)` in SQL on this connection, as PostgreSQL's is. */
export function registerFold(sqlite: BetterSqlite3.Database): void {
  sqlite.function('outpost_fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? fold(text) : null,
  )
}
