import { newId } from '../ids'
import {
  eventPayloadVersion,
  type ChangeData,
  type EventDataOf,
  type EventType,
  type OutpostEvent,
} from '../../shared/events'
import type { Selectable } from 'kysely'
import { inTransaction, type Db } from '../db/connection'
import type { Database } from '../db/database'
import { clearReference, selectReferencing } from '../db/tenant-rows'
import { currentActor } from './actor'
import * as events from './repository'
import { stampSyncedWrites } from '../sync/stamp-writes'

/**
 * An event to record: each type with the `data` its payload kind requires (`eventPayloads`), so a
 * change event without `previous` and `changes` does not compile.
 */
export type ResourceEvent = {
  [K in EventType]: {
    type: K
    /** The resource the event is about: its id and kind go into indexed columns. */
    resource: { id: string }
    data: EventDataOf<K>
  }
}[EventType]

/**
 * Appends events to the outbox. Call it with the transaction that made the change, so an event
 * exists if and only if its change was committed.
 */
export async function recordEvents(
  db: Db,
  tenantId: string,
  now: Date,
  list: readonly ResourceEvent[],
): Promise<void> {
  const createdAt = now.toISOString()
  const actor = currentActor(db)
  const actorJson = actor && JSON.stringify(actor)
  const clocks = await stampSyncedWrites(db, tenantId, now, list)
  await events.insertEvents(
    db,
    list.map((item, index) => {
      const event: OutpostEvent = {
        id: newId(),
        type: item.type,
        version: eventPayloadVersion,
        createdAt,
        tenantId,
        data: item.data,
      }
      return {
        id: event.id,
        tenantId,
        type: event.type,
        resourceType: event.type.split('.')[0]!,
        resourceId: item.resource.id,
        payload: JSON.stringify(event),
        actor: actorJson,
        createdAt,
        hlc: clocks[index],
      }
    }),
  )
}

/** An event as stored: its place in the commit order and the exact JSON that is delivered. */
export interface StoredEvent {
  seq: number
  id: string
  type: EventType
  payload: string
  /** The clock of the write that made it (sync/); null when it changed nothing synced. */
  hlc?: string | null
}

export interface EventRange {
  /** The events after the position asked for, in commit order. */
  events: StoredEvent[]
  /** Where the next read starts: past every event returned, and past events of no interest. */
  nextSeq: number
  /** True when `limit` cut the range short. */
  hasMore: boolean
}

const toStored = (row: {
  seq: number
  id: string
  type: string
  payload: string
  hlc?: string | null
}) => ({ ...row, type: row.type as EventType }) satisfies StoredEvent

/**
 * A workspace's events after `afterSeq` in commit order (`seq` is the commit order: writers take
 * the database's one write lock, so an event never commits after one with a higher seq).
 * `types` keeps only events of those types. When the range is not cut short, `nextSeq` moves past
 * every committed event, also other workspaces' and unwanted ones, so the next read starts there.
 */
export async function readEvents(
  db: Db,
  tenantId: string,
  afterSeq: number,
  limit: number,
  types?: readonly EventType[],
): Promise<EventRange> {
  // Read the newest seq first: every event up to it is committed, so the query below sees all of
  // them, and a range that is not cut short can end there.
  const latest = await events.findLatestSeq(db)
  const rows = await events.listEventsAfter(db, tenantId, afterSeq, limit + 1, types)
  if (rows.length > limit) {
    const page = rows.slice(0, limit).map(toStored)
    return { events: page, nextSeq: page.at(-1)!.seq, hasMore: true }
  }
  const last = rows.at(-1)?.seq ?? 0
  return { events: rows.map(toStored), nextSeq: Math.max(afterSeq, latest, last), hasMore: false }
}

/** The position after the newest committed event: where "from now on" starts. */
export async function latestEventSeq(db: Db): Promise<number> {
  return events.findLatestSeq(db)
}

/** One event of the workspace, as stored, or undefined. */
export async function findEvent(
  db: Db,
  tenantId: string,
  id: string,
): Promise<StoredEvent | undefined> {
  const row = await events.findEventById(db, tenantId, id)
  return row ? toStored(row) : undefined
}

/** Whether any workspace recorded an event with this id. */
export async function isRecordedEventId(db: Db, id: string): Promise<boolean> {
  return events.eventIdExists(db, id)
}

export type FieldChanges = Omit<ChangeData<unknown>, 'object'>

/** Which fields differ between two versions of a resource, and their earlier values. */
export function diffFields<T extends object>(
  before: T,
  after: T,
  ignore: readonly string[] = [],
): FieldChanges {
  const changes: string[] = []
  const previous: Record<string, unknown> = {}
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (ignore.includes(key)) continue
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes.push(key)
      previous[key] = before[key]
    }
  }
  return { changes, previous }
}

/**
 * The change a new record brings to `fields`: each one that has a value, with its empty value
 * (`[]` for a list, otherwise null) as the previous one. For the change events a creation emits
 * (a person created with tags, a deal created won or lost): there was no earlier version.
 */
export function changesFromNothing<T extends object>(
  created: T,
  fields: readonly (keyof T & string)[],
): FieldChanges {
  const now: Record<string, unknown> = Object.fromEntries(fields.map((key) => [key, created[key]]))
  const empty = Object.fromEntries(fields.map((key) => [key, Array.isArray(now[key]) ? [] : null]))
  return diffFields(empty, now)
}

/** Which rows point at the one being deleted: those of the workspace whose `column` holds `id`. */
export interface Reference<C extends string> {
  tenantId: string
  column: C
  id: string
}

/**
 * Unlinks the people or deals whose `column` points at a row being deleted (a company, a user, a
 * person), in one statement, and emits for each the same `*.updated` (previous and changes) an
 * update would; `toRecords` turns the rows into what the API answers.
 */
export async function detachRecords<T extends 'people' | 'deals', R extends { updatedAt: string }>(
  db: Db,
  table: T,
  where: Reference<keyof Database[T] & string>,
  now: Date,
  toRecords: (trx: Db, rows: Selectable<Database[T]>[]) => Promise<R[]>,
  /** What they point at instead: nothing, or the row the deleted one was merged into. */
  to: string | null = null,
): Promise<void> {
  const { tenantId, column, id } = where
  await inTransaction(db, async (trx) => {
    const before = await toRecords(trx, await selectReferencing(trx, table, tenantId, column, id))
    if (before.length === 0) return
    const updatedAt = now.toISOString()
    await clearReference(trx, table, tenantId, column, id, updatedAt, to)
    const type = table === 'people' ? 'person.updated' : 'deal.updated'
    const changed = before.map((record) => {
      const after = { ...record, [column]: to }
      const change = diffFields(record, after, ['updatedAt'])
      after.updatedAt = updatedAt
      return { type, resource: after, data: { object: after, ...change } }
    })
    await recordEvents(trx, tenantId, now, changed as unknown as ResourceEvent[])
  })
}
