import { sql, type RawBuilder } from 'kysely'
import { groupTags } from '../../shared/tags'
import { compiledOnce } from './compiled-once'
import { engineOf, type Db } from './connection'
import { insertRows } from './tenant-rows'

/** The records that carry ordered tags, each with its tag table and that table's owner column. */
export type TaggedTable = 'people' | 'deals'
const tagTables = {
  people: { table: 'personTags', owner: 'personId' },
  deals: { table: 'dealTags', owner: 'dealId' },
} as const

/** The tags of each given record, in their order, by record id (absent: no tags). */
async function selectTags(
  db: Db,
  records: TaggedTable,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map()
  if (ids.length === 1) return groupTags(await tagsOfOne[records](db, ids[0]!), 'owner')
  const rows = await tagsQuery(db, records)
    .where(tagTables[records].owner as 'personId', 'in', ids)
    .execute()
  return groupTags(rows, 'owner')
}

// Kysely cannot type a query over a table chosen at run time; both tag tables have these columns.
function tagsQuery(db: Db, records: TaggedTable) {
  const { table, owner } = tagTables[records]
  return db
    .selectFrom(table as 'personTags')
    .select([`${owner as 'personId'} as owner`, 'tag'])
    .orderBy(owner as 'personId')
    .orderBy('position')
}

// One record's tags, read with every GET of a person or deal, compiled once.
const tagsOfOneIn = (records: TaggedTable) =>
  compiledOnce((db: Db, id: string) =>
    tagsQuery(db, records).where(tagTables[records].owner as 'personId', '=', id),
  )
const tagsOfOne = { people: tagsOfOneIn('people'), deals: tagsOfOneIn('deals') }

/** Gives a new record its tags, in this order (it has none yet: nothing to delete first). */
export async function insertTags(
  db: Db,
  records: TaggedTable,
  tenantId: string,
  id: string,
  tags: readonly string[],
): Promise<void> {
  if (tags.length === 0) return
  const { table, owner } = tagTables[records]
  const rows = tags.map((tag, position) => ({ tenantId, [owner]: id, tag, position }))
  await insertRows(db, table, rows as never)
}

/** Sets a record's tags, in this order, in place of those it had. */
export async function replaceTags(
  db: Db,
  records: TaggedTable,
  tenantId: string,
  id: string,
  tags: readonly string[],
): Promise<void> {
  const { table, owner } = tagTables[records]
  await db
    .deleteFrom(table as 'personTags')
    .where(owner as 'personId', '=', id)
    .execute()
  await insertTags(db, records, tenantId, id, tags)
}

/** What every person and deal row has beyond its own columns. */
interface TaggedRow {
  id: string
  customFields: string
  createdAt: string
  updatedAt: string
}

/**
 * A person or deal as the API answers it: the listed `columns` as stored, in that order, then its
 * tags, its custom fields (stored as JSON text) and its timestamps. A column not listed (one added
 * later for Outpost's own use) never reaches the API.
 */
export function answerOf<R extends TaggedRow, K extends keyof R>(
  row: R,
  columns: readonly K[],
  tags: string[],
) {
  const picked = {} as Pick<R, K>
  for (const column of columns) picked[column] = row[column]
  const customFields = JSON.parse(row.customFields) as Record<string, unknown>
  return { ...picked, tags, customFields, createdAt: row.createdAt, updatedAt: row.updatedAt }
}

/**
 * `answerOf`'s answer made by the database in the query that reads the row: the same keys in the
 * same order, as compact JSON text, escaped as JSON.stringify escapes (custom fields go in as
 * stored, which JSON.stringify wrote). SQLite's json_object; on PostgreSQL, whose JSON functions
 * put spaces around every colon and comma, the text is joined from each value's to_json. For
 * records whose columns are text (a REAL would be written in the engine's way, not JavaScript's).
 */
export function answerJson(
  db: Db,
  records: TaggedTable,
  columns: readonly string[],
): RawBuilder<string> {
  const { table, owner } = tagTables[records]
  const column = (name: string) => sql.ref(`${records}.${name}`)
  const ofRecord = sql`from ${sql.table(table)} where ${sql.ref(`${table}.${owner}`)} = ${column('id')}`
  const timestamps = ['createdAt', 'updatedAt']
  if (engineOf(db) === 'sqlite') {
    const pair = (name: string) => sql`${sql.lit(name)}, ${column(name)}`
    return sql<string>`json_object(${sql.join([
      ...columns.map(pair),
      sql`'tags', (select json_group_array(${sql.ref('tag')} order by ${sql.ref('position')}) ${ofRecord})`,
      sql`'customFields', json(${column('customFields')})`,
      ...timestamps.map(pair),
    ])})`
  }
  const value = (name: string) => sql`coalesce(to_json(${column(name)})::text, 'null')`
  const tags = sql`'[' || coalesce((select string_agg(to_json(${sql.ref('tag')})::text, ','
    order by ${sql.ref('position')}) ${ofRecord}), '') || ']'`
  const parts = [
    ...columns.map((name) => [name, value(name)] as const),
    ['tags', tags] as const,
    ['customFields', column('customFields')] as const,
    ...timestamps.map((name) => [name, value(name)] as const),
  ]
  const joined = parts.map(
    ([name, text], index) => sql`${sql.lit(`${index === 0 ? '{' : ','}"${name}":`)} || ${text}`,
  )
  return sql<string>`(${sql.join(joined, sql` || `)} || '}')`
}

/** Rows of people or deals with their tags (one query for all), as `toRecord` answers each. */
export async function withTags<R extends TaggedRow, T>(
  db: Db,
  records: TaggedTable,
  rows: readonly R[],
  toRecord: (row: R, tags: string[]) => T,
): Promise<T[]> {
  const tags = await selectTags(
    db,
    records,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toRecord(row, tags.get(row.id) ?? []))
}

/**
 * What an update writes: the stored value of each writable field it changed (custom fields as JSON
 * text), and nothing else, so indexes and the search triggers of untouched columns never fire.
 */
export function changedColumns<T extends { customFields?: Record<string, unknown> }>(
  after: T,
  changes: readonly string[],
  writable: readonly (keyof T & string)[],
): Record<string, unknown> {
  const set: Record<string, unknown> = {}
  for (const field of writable) {
    if (!changes.includes(field)) continue
    set[field] = field === 'customFields' ? JSON.stringify(after.customFields) : after[field]
  }
  return set
}
