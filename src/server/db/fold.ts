import type BetterSqlite3 from 'better-sqlite3'
import { sql, type Expression } from 'kysely'
import { fold } from './text-fold'

/**
 * `outpost_fold(text)` and `outpost_lower(text)` in SQL on this connection, as PostgreSQL's are:
 * SQLite's own lower() changes A to Z only.
 */
export function registerFold(sqlite: BetterSqlite3.Database): void {
  sqlite.function('outpost_fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? fold(text) : null,
  )
  sqlite.function('outpost_lower', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : null,
  )
}

const beyondAscii = /[^\p{ASCII}]/u

/** Whether `text` holds characters outside ASCII, whose capitals only outpost_lower folds. */
export const isBeyondAscii = (text: string): boolean => beyondAscii.test(text)

/**
 * `value` in lower case, to compare with `needle` lower-cased in JavaScript ("École" with
 * "école"). lower() on SQLite, and on PostgreSQL under the columns' collate "C", changes A to Z
 * only; outpost_lower changes the capitals of every script, but on SQLite it is a call into
 * JavaScript a row, so it is asked for only when the needle holds more than ASCII (an ASCII
 * needle can only match ASCII letters, which lower() folds).
 */
export const lowerFor = (value: Expression<unknown>, needle: string) =>
  isBeyondAscii(needle) ? sql<string>`outpost_lower(${value})` : sql<string>`lower(${value})`
