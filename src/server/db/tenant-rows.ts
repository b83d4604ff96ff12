import type { Insertable, Selectable, Updateable } from 'kysely'
import { compiledOnce } from './compiled-once'
import type { Db } from './connection'
import type { Database } from './database'

const tenantTables = [
  'users',
  'companies',
  'pipelines',
  'stages',
  'lostReasons',
  'apiTokens',
  'people',
  'deals',
  'events',
  'inboundWebhooks',
  'webhookSubscriptions',
  'activities',
  'notes',
] as const

/** Tables whose rows belong to one workspace and have their own id. */
export type TenantTable = (typeof tenantTables)[number]

const rowByIdIn = (table: TenantTable) =>
  compiledOnce((db: Db, tenantId: string, id: string) =>
    // Kysely cannot type a query over a table chosen at run time; every listed table has these columns.
    db.selectFrom(table).selectAll().where('tenantId', '=', tenantId).where('id', '=', id),
  )

// Read on nearly every request, so each table's lookup is compiled once.
const rowById = Object.fromEntries(
  tenantTables.map((table) => [table, rowByIdIn(table)]),
) as Record<TenantTable, ReturnType<typeof rowByIdIn>>

/**
 * The row with this id in the workspace, or undefined: an id of another workspace is simply not
 * there, so one workspace never reads another's rows by guessing ids.
 */
export async function findTenantRow<T extends TenantTable>(
  db: Db,
  table: T,
  tenantId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  const [row] = await rowById[table](db, tenantId, id)
  return row as Selectable<Database[T]> | undefined
}

/** Inserts rows of one table (none is no statement). */
export async function insertRows<T extends keyof Database>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return
  const columns = plainColumns(rows)
  if (!columns || rows.length > compiledInsertRowsMax) {
    await db
      .insertInto(table)
      .values(rows as never)
      .execute()
    return
  }
  const count = rows.length
  const key = `${table}(${columns.join()})x${count}`
  let insert = insertShapes.get(key)
  if (!insert) {
    insert = compiledOnce((db: Db, ...values: unknown[]) =>
      db
        .insertInto(table)
        .values(
          Array.from({ length: count }, (_, row) =>
            Object.fromEntries(
              columns.map((column, at) => [column, values[row * columns.length + at]]),
            ),
          ) as never,
        ),
    )
    insertShapes.set(key, insert)
  }
  await insert(
    db,
    ...rows.flatMap((row) => columns.map((column) => row[column as keyof typeof row])),
  )
}

/** Sets columns of the row with this id. */
export async function updateRow<T extends TenantTable>(
  db: Db,
  table: T,
  id: string,
  values: Updateable<Database[T]>,
): Promise<void> {
  const columns = plainColumns([values])
  if (!columns?.length) {
    await db
      .updateTable(table as TenantTable)
      .set(values as never)
      .where('id', '=', id)
      .execute()
    return
  }
  const key = `${table}(${columns.join()})`
  let update = updateShapes.get(key)
  if (!update) {
    update = compiledOnce((db: Db, id: string, ...values: unknown[]) =>
      db
        .updateTable(table as TenantTable)
        .set(Object.fromEntries(columns.map((column, at) => [column, values[at]])) as never)
        .where('id', '=', id),
    )
    updateShapes.set(key, update)
  }
  await update(db, id, ...columns.map((column) => values[column as keyof typeof values]))
}

// A PATCH updates the columns it changes, which Kysely built and compiled anew on each call
// (bench/ W6), so an update of plain values is compiled once per table and columns, as inserts.
const updateShapes = new Map<
  string,
  (db: Db, id: string, ...values: unknown[]) => Promise<unknown[]>
>()

// A POST inserts a person and its tags, an inbound delivery its log row: Kysely's building and
// compiling of each was a tenth of a POST's server time (bench/ W5). So inserts of a few rows are
// compiled once per table, columns and row count; larger ones (imports' batches) are built anew.
const compiledInsertRowsMax = 8
const insertShapes = new Map<string, (db: Db, ...values: unknown[]) => Promise<unknown[]>>()

/**
 * The columns every row sets, in the first row's order, when all rows set the same ones to plain
 * values; null when one is an SQL expression (built anew then) or the rows differ.
 */
function plainColumns(rows: readonly object[]): string[] | null {
  const set = (row: object) => Object.entries(row).filter(([, value]) => value !== undefined)
  const columns = set(rows[0]!).map(([column]) => column)
  for (const row of rows) {
    const values = set(row)
    if (values.length !== columns.length) return null
    for (const [at, [column, value]] of values.entries()) {
      if (column !== columns[at] || !plainValue(value)) return null
    }
  }
  return columns
}

// A value Kysely binds as it is: a string, number or null, or bytes. Not an SQL expression
// (sql`...`, a subquery, a function of the expression builder), which it builds into the SQL.
const plainTypes = new Set(['string', 'number', 'bigint', 'boolean'])
const plainValue = (value: unknown) =>
  value === null || plainTypes.has(typeof value) || value instanceof Uint8Array

/**
 * The id of the workspace's row whose `column` holds `value` (an e-mail, a domain: the columns
 * unique in a workspace), or undefined.
 */
export async function findTenantIdBy<T extends TenantTable>(
  db: Db,
  table: T,
  tenantId: string,
  column: keyof Database[T] & string,
  value: string,
): Promise<{ id: string } | undefined> {
  const key = `${table}.${column}`
  let lookup = idByColumn.get(key)
  if (!lookup) {
    // Kysely cannot type a query over a table chosen at run time; every listed table has an id.
    lookup = compiledOnce((db: Db, tenantId: string, value: string) =>
      db
        .selectFrom(table as TenantTable)
        .select('id')
        .where('tenantId', '=', tenantId)
        .where(column as 'id', '=', value),
    )
    idByColumn.set(key, lookup)
  }
  return (await lookup(db, tenantId, value))[0]
}

// Each table and column looked up by value (an e-mail on every inbound delivery), compiled once.
const idByColumn = new Map<
  string,
  (db: Db, tenantId: string, value: string) => Promise<{ id: string }[]>
>()

/** The people or deals of the workspace whose `column` (an owner, a company…) points at `id`. */
export async function selectReferencing<T extends 'people' | 'deals'>(
  db: Db,
  table: T,
  tenantId: string,
  column: keyof Database[T] & string,
  id: string,
): Promise<Selectable<Database[T]>[]> {
  const rows = await db
    .selectFrom(table as 'people')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where(column as 'ownerId', '=', id)
    .execute()
  return rows as unknown as Selectable<Database[T]>[]
}

/** Clears `column` on every row of the workspace pointing at `id`, in one statement. */
export async function clearReference<T extends 'people' | 'deals'>(
  db: Db,
  table: T,
  tenantId: string,
  column: keyof Database[T] & string,
  id: string,
  updatedAt: string,
  to: string | null = null,
): Promise<void> {
  await db
    .updateTable(table as 'people')
    .set({ [column]: to, updatedAt })
    .where('tenantId', '=', tenantId)
    .where(column as 'ownerId', '=', id)
    .execute()
}
