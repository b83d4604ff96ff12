import type { Insertable, Selectable, Updateable } from 'kysely'
import type { Db } from '../db/connection'
import { compiledOnce } from '../db/compiled-once'
import type { SyncClockTable, SyncLinkTable, SyncOutboxTable } from '../db/database'

// Every write of a synced record reads and saves its clocks, so these two are compiled once.
const clocksOf = compiledOnce((db: Db, tableName: string, recordId: string) =>
  db
    .selectFrom('syncClocks')
    .selectAll()
    .where('tableName', '=', tableName)
    .where('recordId', '=', recordId),
)

/** A synced record's clocks row, or undefined when nothing synced has written it yet. */
export const findClocks = async (db: Db, tableName: string, recordId: string) =>
  (await clocksOf(db, tableName, recordId))[0]

const upsertClocks = compiledOnce(
  (
    db: Db,
    tableName: string,
    recordId: string,
    tenantId: string,
    deleted: number,
    createdHlc: string,
    clocks: string,
  ) =>
    db
      .insertInto('syncClocks')
      .values({ tableName, recordId, tenantId, deleted, createdHlc, clocks })
      .onConflict((conflict) =>
        conflict.columns(['tableName', 'recordId']).doUpdateSet((update) => ({
          deleted: update.ref('excluded.deleted'),
          clocks: update.ref('excluded.clocks'),
        })),
      ),
)

export async function saveClocks(db: Db, row: Selectable<SyncClockTable>): Promise<void> {
  const { tableName, recordId, tenantId, deleted, createdHlc, clocks } = row
  await upsertClocks(db, tableName, recordId, tenantId, deleted, createdHlc, clocks)
}

/** Forgets a record's clocks (a creation the server refused: as if it never was). */
export async function dropClocks(db: Db, tableName: string, recordId: string): Promise<void> {
  await db
    .deleteFrom('syncClocks')
    .where('tableName', '=', tableName)
    .where('recordId', '=', recordId)
    .execute()
}

/** The clocks of many records of one table at once, by id. */
export async function findClocksOf(db: Db, tableName: string, ids: readonly string[]) {
  if (ids.length === 0) return []
  return db
    .selectFrom('syncClocks')
    .selectAll()
    .where('tableName', '=', tableName)
    .where('recordId', 'in', ids)
    .execute()
}

// A replica's links to its server, one per workspace it replicates.

export type SyncLink = Selectable<SyncLinkTable>

export const listSyncLinks = (db: Db): Promise<SyncLink[]> =>
  db.selectFrom('syncLinks').selectAll().orderBy('tenantId').execute()

// Read by every write (is the workspace replicated?): compiled once.
const syncLinkOf = compiledOnce((db: Db, tenantId: string) =>
  db.selectFrom('syncLinks').selectAll().where('tenantId', '=', tenantId),
)

export const findSyncLink = async (db: Db, tenantId: string): Promise<SyncLink | undefined> =>
  (await syncLinkOf(db, tenantId))[0]

export async function insertSyncLink(db: Db, row: Insertable<SyncLinkTable>): Promise<void> {
  await db.insertInto('syncLinks').values(row).execute()
}

export async function updateSyncLink(
  db: Db,
  tenantId: string,
  values: Updateable<Pick<SyncLinkTable, 'cursor' | 'lastSyncedAt' | 'lastError' | 'permissions'>>,
): Promise<void> {
  await db.updateTable('syncLinks').set(values).where('tenantId', '=', tenantId).execute()
}

/** Ends a link: its changes waiting go with it (the outbox rows cascade). */
export async function deleteSyncLink(db: Db, tenantId: string): Promise<void> {
  await db.deleteFrom('syncLinks').where('tenantId', '=', tenantId).execute()
}

// A replica's outbox: each link's writes, numbered per link.

/** Appends a mutation to its link's outbox with the link's next number (never reused). */
export async function insertOutbox(db: Db, row: Omit<Insertable<SyncOutboxTable>, 'seq'>) {
  const { lastSeq } = await db
    .updateTable('syncLinks')
    .set((eb) => ({ lastSeq: eb('lastSeq', '+', 1) }))
    .where('tenantId', '=', row.tenantId)
    .returning('lastSeq')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('syncOutbox')
    .values({ ...row, seq: Number(lastSeq) })
    .execute()
}

/** The fields of a record that writes waiting in the outbox set. */
export async function pendingFieldsOf(db: Db, tableName: string, recordId: string) {
  const rows = await db
    .selectFrom('syncOutbox')
    .select('fields')
    .where('tableName', '=', tableName)
    .where('recordId', '=', recordId)
    .execute()
  return new Set(rows.flatMap((row) => Object.keys(JSON.parse(row.fields) as object)))
}

export const listOutbox = (db: Db, tenantId: string, limit: number) =>
  db
    .selectFrom('syncOutbox')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .orderBy('seq')
    .limit(limit)
    .execute()

/** The changes waiting to be pushed, per link (workspace id). */
export async function countOutbox(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('syncOutbox')
    .select((eb) => ['tenantId', eb.fn.countAll<number>().as('count')])
    .groupBy('tenantId')
    .execute()
  return new Map(rows.map((row) => [row.tenantId, Number(row.count)]))
}

export async function deleteOutboxThrough(db: Db, tenantId: string, seq: number): Promise<void> {
  await db
    .deleteFrom('syncOutbox')
    .where('tenantId', '=', tenantId)
    .where('seq', '<=', seq)
    .execute()
}

// A team server's replicas.

export const findSyncClient = (db: Db, clientId: string) =>
  db.selectFrom('syncClients').selectAll().where('clientId', '=', clientId).executeTakeFirst()

export async function insertSyncClient(db: Db, clientId: string, tenantId: string, at: string) {
  await db
    .insertInto('syncClients')
    .values({ clientId, tenantId, lastSeq: 0, createdAt: at, lastSeenAt: at })
    .onConflict((conflict) => conflict.column('clientId').doNothing())
    .execute()
}

export async function settleMutation(db: Db, clientId: string, seq: number, at: string) {
  await db
    .updateTable('syncClients')
    .set({ lastSeq: seq, lastSeenAt: at })
    .where('clientId', '=', clientId)
    .execute()
}

export async function insertRejection(
  db: Db,
  row: { clientId: string; seq: number; reason: string; mutation: string; createdAt: string },
) {
  await db
    .insertInto('syncRejections')
    .values(row)
    .onConflict((conflict) => conflict.columns(['clientId', 'seq']).doNothing())
    .execute()
}

export const listRejections = (db: Db, clientId: string, fromSeq: number, toSeq: number) =>
  db
    .selectFrom('syncRejections')
    .select(['seq', 'reason', 'mutation'])
    .where('clientId', '=', clientId)
    .where('seq', '>=', fromSeq)
    .where('seq', '<=', toSeq)
    .orderBy('seq')
    .execute()

/** Every tombstone of a workspace's synced records (for snapshots). */
export const listTombstones = (db: Db, tenantId: string) =>
  db
    .selectFrom('syncClocks')
    .select(['tableName', 'recordId', 'createdHlc'])
    .where('tenantId', '=', tenantId)
    .where('deleted', '=', 1)
    .execute()

// Rule 4's aliases: a merged record's id and the record it lives on as.

export const findAlias = (db: Db, tableName: string, aliasId: string) =>
  db
    .selectFrom('recordAliases')
    .selectAll()
    .where('tableName', '=', tableName)
    .where('aliasId', '=', aliasId)
    .executeTakeFirst()

export async function insertAlias(
  db: Db,
  row: {
    tableName: string
    aliasId: string
    survivorId: string
    tenantId: string
    createdAt: string
    clientId?: string
    seq?: number
  },
) {
  await db
    .insertInto('recordAliases')
    .values({ ...row, clientId: row.clientId ?? null, seq: row.seq ?? null })
    .onConflict((conflict) => conflict.columns(['tableName', 'aliasId']).doNothing())
    .execute()
  // An alias of the merged one now names the survivor too.
  await db
    .updateTable('recordAliases')
    .set({ survivorId: row.survivorId })
    .where('tableName', '=', row.tableName)
    .where('survivorId', '=', row.aliasId)
    .execute()
}

/** The merges a client's pushed mutations from `fromSeq` to `toSeq` ended in (rule 4). */
export const listMergesOfClient = (db: Db, clientId: string, fromSeq: number, toSeq: number) =>
  db
    .selectFrom('recordAliases')
    .select(['seq', 'tableName', 'aliasId', 'survivorId'])
    .where('clientId', '=', clientId)
    .where('seq', '>=', fromSeq)
    .where('seq', '<=', toSeq)
    .orderBy('seq')
    .execute()
