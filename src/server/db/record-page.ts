import type { RawBuilder, Selectable } from 'kysely'
import type { Page, PageRequest } from '../http/pagination'
import { compiledOnce } from './compiled-once'
import { inReadSnapshot, type Db } from './connection'
import type { Database } from './database'
import { servedPage, takeRowsAhead } from './read-ahead'
import {
  checkpointEvery,
  listPositions,
  type ListKey,
  type ListPositions,
  type ListStart,
} from './list-positions'

type RecordTable = 'people' | 'deals'

/**
 * Where a client's `after` cursor says the next page starts. A cursor of a list in another order
 * than newest first (the v1 `sort` extension) names that order, and its `key.createdAt` holds the
 * row's value of the sort column instead.
 */
export type PageAfter = ListStart & { sort?: string }

/** A page of people or deals asked for by number or by the cursor of the page before. */
export type RecordPageRequest = PageRequest & { after?: PageAfter }

/** From this offset on, a page with no known start first finds checkpoints up to it. */
const deepOffset = 10_000

// A workspace's number of people or deals and how many inserts and deletes it has seen, both kept
// by triggers (migrations record-counts and list-changes).
const countOf = compiledOnce((db: Db, tenantId: string, kind: RecordTable) =>
  db
    .selectFrom('recordCounts')
    .select(['total', 'changes'])
    .where('tenantId', '=', tenantId)
    .where('kind', '=', kind),
)

/** How many people or deals a workspace has: read from the counts its triggers keep, not counted. */
export async function selectRecordTotal(
  db: Db,
  kind: RecordTable,
  tenantId: string,
): Promise<number> {
  return (await countOf(db, tenantId, kind))[0]?.total ?? 0
}

// Kysely cannot type a query over a table chosen at run time; both tables have these columns.
const newestFirst = (db: Db, table: RecordTable, tenantId: string) =>
  db
    .selectFrom(table as 'people')
    .where('tenantId', '=', tenantId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
const after = (db: Db, table: RecordTable, tenantId: string, createdAt: string, id: string) =>
  newestFirst(db, table, tenantId).where((eb) =>
    eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(createdAt, id)),
  )

/**
 * The two reads of a page's rows, compiled once: from the top (`offset`) or after a key (`seek`),
 * both served by the (tenant_id, created_at, id) index; `skip` then passes over rows one by one.
 */
export interface PageReads<R extends ListKey> {
  offset(db: Db, tenantId: string, limit: number, skip: number): Promise<R[]>
  seek(
    db: Db,
    tenantId: string,
    createdAt: string,
    id: string,
    limit: number,
    skip: number,
  ): Promise<R[]>
}

/** A page's rows with every column. */
export function rowReads<T extends RecordTable>(
  table: T,
): PageReads<Selectable<Database[T]> & ListKey> {
  const reads = {
    offset: compiledOnce((db: Db, tenantId: string, limit: number, skip: number) =>
      newestFirst(db, table, tenantId).selectAll().limit(limit).offset(skip),
    ),
    seek: compiledOnce(
      (db: Db, tenantId: string, createdAt: string, id: string, limit: number, skip: number) =>
        after(db, table, tenantId, createdAt, id).selectAll().limit(limit).offset(skip),
    ),
  }
  // The rows are of table T; the queries are typed for people, whose shape deals share here.
  return reads as unknown as PageReads<Selectable<Database[T]> & ListKey>
}

/** A page's rows as their key and `answer`: SQL that makes a row's answer as JSON text. */
export function answerReads(
  table: RecordTable,
  answer: (db: Db) => RawBuilder<string>,
): PageReads<ListKey & { answer: string }> {
  const columns = (db: Db) => ['createdAt', 'id', answer(db).as('answer')] as const
  return {
    offset: compiledOnce((db: Db, tenantId: string, limit: number, skip: number) =>
      newestFirst(db, table, tenantId).select(columns(db)).limit(limit).offset(skip),
    ),
    seek: compiledOnce(
      (db: Db, tenantId: string, createdAt: string, id: string, limit: number, skip: number) =>
        after(db, table, tenantId, createdAt, id).select(columns(db)).limit(limit).offset(skip),
    ),
  }
}

// The key `checkpointEvery` rows after a key (or after the top): index-only steps, no row is read.
function keySteps(table: RecordTable) {
  return {
    step: compiledOnce((db: Db, tenantId: string, createdAt: string, id: string) =>
      after(db, table, tenantId, createdAt, id)
        .select(['createdAt', 'id'])
        .limit(1)
        .offset(checkpointEvery - 1),
    ),
    first: compiledOnce((db: Db, tenantId: string) =>
      newestFirst(db, table, tenantId)
        .select(['createdAt', 'id'])
        .limit(1)
        .offset(checkpointEvery - 1),
    ),
  }
}
const steps = { people: keySteps('people'), deals: keySteps('deals') }

/**
 * Finds checkpoints from the last one known up to `offset`: index-only steps over the rows that
 * an OFFSET would pass over anyway, done once while the list stays unchanged.
 */
async function checkpointUpTo(
  db: Db,
  table: RecordTable,
  tenantId: string,
  positions: ListPositions,
  offset: number,
): Promise<void> {
  const { step, first } = steps[table]
  let last = positions.lastCheckpoint()
  while ((last?.position ?? 0) + checkpointEvery <= offset) {
    const [key] = last
      ? await step(db, tenantId, last.key.createdAt, last.key.id)
      : await first(db, tenantId)
    if (!key) return
    positions.addCheckpoint(key)
    last = positions.lastCheckpoint()
  }
}

/** `limit` rows from `offset`, starting from the nearest known key when there is one. */
async function rowsFrom<R extends ListKey>(
  db: Db,
  table: RecordTable,
  reads: PageReads<R>,
  tenantId: string,
  positions: ListPositions,
  offset: number,
  limit: number,
): Promise<R[]> {
  let start = positions.startFor(offset)
  if (offset >= deepOffset && offset - (start?.position ?? 0) >= checkpointEvery) {
    await checkpointUpTo(db, table, tenantId, positions, offset)
    start = positions.startFor(offset)
  }
  return start
    ? reads.seek(db, tenantId, start.key.createdAt, start.key.id, limit, offset - start.position)
    : reads.offset(db, tenantId, limit, offset)
}

const keyOf = (row: ListKey): ListKey => ({ createdAt: row.createdAt, id: row.id })

/**
 * One page of a workspace's people or deals, newest first, with the exact total from the kept
 * counts. A page by number gives the same rows as OFFSET would, but starts where the page before
 * it ended (or at a checkpoint) when no row was added or removed since: walking every page costs
 * one pass, not one per page. A page `after` a cursor seeks from its key whatever was written.
 */
export async function selectRecordPage<R extends ListKey, Item>(
  db: Db,
  table: RecordTable,
  tenantId: string,
  request: RecordPageRequest,
  reads: PageReads<R>,
  toItems: (rows: R[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item> & { next: PageAfter | null }> {
  // The total and the rows from one snapshot: a row inserted between the two would otherwise push
  // the oldest row past a last page that the older total says is the end.
  return inReadSnapshot(db, (snapshot) =>
    readRecordPage(snapshot, db, table, tenantId, request, reads, toItems),
  )
}

/** `root` keys the list's remembered positions: the same whichever snapshot reads the page. */
async function readRecordPage<R extends ListKey, Item>(
  db: Db,
  root: Db,
  table: RecordTable,
  tenantId: string,
  request: RecordPageRequest,
  reads: PageReads<R>,
  toItems: (rows: R[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item> & { next: PageAfter | null }> {
  const [count] = await countOf(db, tenantId, table)
  const total = count?.total ?? 0
  const list = `${table}/${tenantId}`
  const positions = listPositions(root, list, count?.changes ?? 0)
  const { pageSize, after } = request
  const offset = after ? after.position : (request.page - 1) * pageSize
  // Where this page starts, when known to the row: the cursor's key, or the end of a page served.
  const known = after ? undefined : positions.startFor(offset)
  const start = after ?? (known?.position === offset ? known : undefined)
  // One row more than the page tells whether another follows, whatever the total says.
  const limit = after ? pageSize + 1 : pageSize
  const read = async (): Promise<R[]> => {
    if (after) return reads.seek(db, tenantId, after.key.createdAt, after.key.id, limit, 0)
    if (Number.isSafeInteger(offset) && offset < total) {
      return rowsFrom(db, table, reads, tenantId, positions, offset, pageSize)
    }
    return []
  }
  // Rows read ahead while the client read the page before (db/read-ahead.ts), or read now.
  let rows = (start && takeRowsAhead<R>(root, list, reads, start, limit)) ?? (await read())
  const hasMore = after ? rows.length > pageSize : offset + rows.length < total
  rows = rows.slice(0, pageSize)
  const last = rows.at(-1)
  const next = hasMore && last ? { position: offset + rows.length, key: keyOf(last) } : null
  if (next && !after) positions.rememberEnd(next.position, next.key)
  servedPage(root, list, {
    reads,
    start,
    next,
    limit: pageSize + 1,
    read: (from, count) => reads.seek(root, tenantId, from.key.createdAt, from.key.id, count, 0),
  })
  const page = after ? Math.floor(offset / pageSize) + 1 : request.page
  const data = await toItems(rows)
  return { data, page, pageSize, total, hasMore, next }
}
