import { sql, type RawBuilder } from 'kysely'
import { engineOf, type Db, type Engine } from './connection'

const jsonbText = (column: string, key: string) =>
  sql<string | null>`(${sql.ref(column)}::jsonb ->> ${key})`

/**
 * The value of custom field `key` in a JSON text column (`custom_fields`, or `deals.custom_fields`)
 * as text: a string as it is, a number as written; null when absent. SQLite's json_extract on
 * SQLite, jsonb's ->> on PostgreSQL (where true and false read 'true' and 'false', SQLite's 1
 * and 0: callers that compare booleans say which they mean).
 */
export function customFieldText(db: Db, column: string, key: string): RawBuilder<string | null> {
  if (engineOf(db) === 'postgres') return jsonbText(column, key)
  return sql`cast(json_extract(${sql.ref(column)}, ${`$."${key}"`}) as text)`
}

/** The same, with true and false as 'true' and 'false' on both engines. */
export function customFieldWords(
  engine: Engine,
  column: string,
  key: string,
): RawBuilder<string | null> {
  if (engine === 'postgres') return jsonbText(column, key)
  const path = `$."${key}"`
  return sql`(case json_type(${sql.ref(column)}, ${path})
    when 'true' then 'true' when 'false' then 'false'
    else cast(json_extract(${sql.ref(column)}, ${path}) as text) end)`
}

/** Every key of the JSON objects in `column` of the rows `where` picks, sorted, once each. */
export function jsonObjectKeys(db: Db, table: string, column: string, where: RawBuilder<boolean>) {
  return engineOf(db) === 'postgres'
    ? sql<{ key: string }>`select distinct each.key as key
        from ${sql.table(table)}, jsonb_object_keys(${sql.ref(`${table}.${column}`)}::jsonb) as each(key)
        where ${where} order by 1`
    : sql<{ key: string }>`select distinct each.key as key
        from ${sql.table(table)}, json_each(${sql.ref(`${table}.${column}`)}) as each
        where ${where} order by 1`
}
