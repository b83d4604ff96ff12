import { randomUUID } from 'node:crypto'
import type { EventData, EventType, OutpostEvent } from '../../shared/events'
import type { Db } from '../db/connection'
import * as events from './repository'

export interface ResourceEvent {
  type: EventType
  /** The resource the event is about: its id and kind go into indexed columns. */
  resource: { id: string }
  data: EventData<unknown>
}

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
  await events.insertEvents(
    db,
    list.map((item) => {
      const event: OutpostEvent = {
        id: randomUUID(),
        type: item.type,
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
        createdAt,
      }
    }),
  )
}

/** The events recorded for one resource, oldest first. */
export async function listResourceEvents(
  db: Db,
  tenantId: string,
  resourceId: string,
): Promise<OutpostEvent[]> {
  const rows = await events.listEventsOfResource(db, tenantId, resourceId)
  return rows.map((row) => JSON.parse(row.payload) as OutpostEvent)
}

export interface FieldChanges {
  changes: string[]
  previous: Record<string, unknown>
}

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
