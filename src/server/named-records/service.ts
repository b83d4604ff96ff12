// Companies, users and lost reasons are the same kind of record: a name, at most one column that is
// unique in the workspace (a company's domain, a user's e-mail), and rules for what happens to the
// deals and people that point at one when it is deleted. Their create, read, update and delete
// live here once; each area names its table, its unique column and its delete rule.
import { newId, type MadeElsewhere } from '../ids'
import { inTransaction, type Db } from '../db/connection'
import { diffFields, recordEvents, type ResourceEvent } from '../events/service'
import { selectTenantPage, selectTenantRowsAfter, type CreationCursor } from '../db/tenant-page'
import { conflict, notFound } from '../http/errors'
import type { PageRequest } from '../http/pagination'
import * as records from './repository'

const allBatchSize = 1000

export interface NamedRecord {
  id: string
  tenantId: string
  name: string
  createdAt: string
  updatedAt: string
}

/** The input of create and update: a name and, where the kind has one, its unique column. */
type Input<K extends string> = { name?: string } & Partial<Record<K, string | null>>

export interface NamedRecordKind<K extends string> {
  table: records.NamedTable
  /** For "… not found": `Company`. */
  noun: string
  /** The column unique within a workspace, and the conflict message when a value is taken. */
  unique?: { column: K; taken: (value: string) => string }
  /** Runs in the delete's transaction before the row goes: unlinks what points at it, or refuses. */
  beforeDelete(trx: Db, tenantId: string, id: string, now: Date): Promise<void>
  /** Runs first in each write's transaction: refuses a write that may not be made here. */
  beforeWrite?(trx: Db, tenantId: string): Promise<void>
  /**
   * The resource of the events its writes emit (`company`): created, updated, deleted, each in the
   * write's transaction. A kind without one is a workspace setting, and emits none.
   */
  events?: 'company'
}

/** The five operations of one kind, typed as its record `R` and its unique column `K`. */
export function namedRecordService<R extends NamedRecord, K extends string = never>(
  kind: NamedRecordKind<K>,
) {
  const { table, unique } = kind

  async function assertFree(db: Db, tenantId: string, input: Input<K>, selfId?: string) {
    const value = unique && input[unique.column]
    if (!unique || !value) return
    const holder = await records.findIdBy(db, table, tenantId, unique.column, value)
    if (holder && holder.id !== selfId) {
      throw conflict(unique.column, unique.taken(value), holder.id)
    }
  }

  async function emit(
    trx: Db,
    tenantId: string,
    now: Date,
    action: 'created' | 'updated' | 'deleted',
    resource: { id: string },
    data: unknown,
  ) {
    if (!kind.events) return
    const type = `${kind.events}.${action}` as const
    await recordEvents(trx, tenantId, now, [{ type, resource, data } as ResourceEvent])
  }

  async function find(db: Db, tenantId: string, id: string): Promise<R | undefined> {
    const row = await records.findById(db, table, tenantId, id)
    return row ? ({ ...row } as unknown as R) : undefined
  }

  async function get(db: Db, tenantId: string, id: string): Promise<R> {
    const record = await find(db, tenantId, id)
    if (!record) throw notFound(kind.noun)
    return record
  }

  function make(
    db: Db,
    tenantId: string,
    input: Input<K> & { name: string },
    now: Date,
    made?: MadeElsewhere,
  ): Promise<R> {
    return inTransaction(db, async (trx) => {
      await kind.beforeWrite?.(trx, tenantId)
      await assertFree(trx, tenantId, input)
      const at = now.toISOString()
      const key = unique ? { [unique.column]: input[unique.column] ?? null } : {}
      const row = {
        id: made?.id ?? newId(),
        tenantId,
        name: input.name,
        ...key,
        createdAt: made?.createdAt ?? at,
        updatedAt: at,
      }
      await records.insert(trx, table, row)
      await emit(trx, tenantId, now, 'created', row, { object: row })
      return row as unknown as R
    })
  }

  return {
    get,

    /** The record, or undefined when the workspace has none with this id. */
    find,

    list: (db: Db, tenantId: string, request: PageRequest) =>
      selectTenantPage(db, table, tenantId, request, (rows) => rows as unknown as R[]),

    /**
     * Every record of the workspace, oldest first, for an import's or an export's lookups by
     * name. Read in batches by keyset: numbered pages read the list again from its start each
     * page (100,000 companies added 15 s to an export of people).
     */
    async all(db: Db, tenantId: string): Promise<R[]> {
      const all: R[] = []
      let after: CreationCursor | null = null
      for (;;) {
        const batch: R[] = (await selectTenantRowsAfter(
          db,
          table,
          tenantId,
          after,
          allBatchSize,
        )) as unknown as R[]
        all.push(...batch)
        const last: R | undefined = batch.at(-1)
        if (batch.length < allBatchSize || !last) return all
        after = { createdAt: last.createdAt, id: last.id }
      }
    },

    create: (db: Db, tenantId: string, input: Input<K> & { name: string }, now: Date) =>
      make(db, tenantId, input, now),

    /** Creates one with the id and creation time it has elsewhere (sync/). */
    make,

    update: (db: Db, tenantId: string, id: string, input: Input<K>, now: Date) =>
      inTransaction(db, async (trx) => {
        await kind.beforeWrite?.(trx, tenantId)
        const before = await get(trx, tenantId, id)
        await assertFree(trx, tenantId, input, id)
        const changes: Record<string, string | null> = {}
        if (input.name !== undefined && input.name !== before.name) changes.name = input.name
        const key = unique?.column
        const value = key && input[key]
        if (key && value !== undefined && value !== before[key as keyof R]) changes[key] = value
        if (Object.keys(changes).length === 0) return before
        const updated = { ...changes, updatedAt: now.toISOString() }
        await records.update(trx, table, id, updated)
        const after = { ...before, ...updated } as R
        const change = diffFields(before, after, ['updatedAt'])
        await emit(trx, tenantId, now, 'updated', after, { object: after, ...change })
        return after
      }),

    /** Clears its unique column without an event (sync/ only: the caller says what happened). */
    releaseUnique: async (db: Db, tenantId: string, id: string) => {
      if (unique && (await records.findById(db, table, tenantId, id))) {
        await records.update(db, table, id, { [unique.column]: null })
      }
    },

    remove: (db: Db, tenantId: string, id: string, now: Date) =>
      inTransaction(db, async (trx) => {
        await kind.beforeWrite?.(trx, tenantId)
        const before = await get(trx, tenantId, id)
        await kind.beforeDelete(trx, tenantId, id, now)
        await records.remove(trx, table, id)
        await emit(trx, tenantId, now, 'deleted', before, { object: before })
      }),
  }
}
