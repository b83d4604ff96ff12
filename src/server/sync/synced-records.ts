// What syncs (docs/sync-protocol.md, section 2): each synced table, the resource its events are
// about, and the fields a replica and its server exchange, each read and written through its
// service (record-services.ts). createdAt is written once, when the record is made, and keeps list
// order the same everywhere. Each group in `together` is one decision (a deal's move to a stage
// sets its lost reason and time of closing; an activity's due date, time and zone are one time):
// a write of any field of a group carries the whole group, with one clock, so it wins or loses as
// one. `updates` are the actions of the events that change a record besides its creation.

import type { EventType } from '../../shared/events'

export const syncedTables = {
  // Companies first: a snapshot lists each table in this order, and people and deals link to them.
  companies: {
    resource: 'company',
    fields: ['name', 'domain', 'createdAt'],
    together: [],
    updates: ['updated'],
  },
  people: {
    resource: 'person',
    fields: [
      'fullName',
      'primaryEmail',
      'primaryPhone',
      'lifecycleStage',
      'leadSource',
      'tags',
      'customFields',
      'ownerId',
      'companyId',
      'createdAt',
    ],
    together: [],
    updates: ['updated'],
  },
  deals: {
    resource: 'deal',
    fields: [
      'title',
      'value',
      'currency',
      'pipelineId',
      'stageId',
      'lostReasonId',
      'closedAt',
      'ownerId',
      'expectedCloseDate',
      'primaryPersonId',
      'primaryCompanyId',
      'tags',
      'customFields',
      'createdAt',
    ],
    together: [['stageId', 'lostReasonId', 'closedAt']],
    updates: ['updated'],
  },
  notes: {
    resource: 'note',
    fields: [
      'body',
      'authorId',
      'pinned',
      'personId',
      'dealId',
      'companyId',
      'notedAt',
      'createdAt',
    ],
    together: [],
    updates: ['updated'],
  },
  // After deals, people and companies, which it links to.
  activities: {
    resource: 'activity',
    fields: [
      'type',
      'subject',
      'body',
      'dueDate',
      'dueTime',
      'timeZone',
      'durationMinutes',
      'done',
      'doneAt',
      'recurrence',
      'outcome',
      'priority',
      'assigneeId',
      'dealId',
      'companyId',
      'personIds',
      'reminderMinutes',
      'createdAt',
    ],
    // Marking a repeating one done ends its rule here (the next occurrence carries it on).
    together: [
      ['dueDate', 'dueTime', 'timeZone'],
      ['done', 'doneAt', 'recurrence'],
    ],
    // Marked done, it records activity.done in place of activity.updated.
    updates: ['updated', 'done'],
  },
  // The deals and people lists' saved views, shared by the workspace.
  savedViews: {
    resource: 'saved_view',
    fields: ['resource', 'name', 'query', 'createdAt'],
    together: [],
    updates: ['updated'],
  },
} as const satisfies Record<
  string,
  { resource: string; fields: string[]; together: string[][]; updates: string[] }
>

export type SyncedTable = keyof typeof syncedTables

/** The types of the events that record a change to a synced record (`person.updated`...). */
export const syncedEventTypes = Object.values(syncedTables).flatMap(({ resource, updates }) =>
  ['created', ...updates, 'deleted'].map((action) => `${resource}.${action}` as EventType),
)

export const isSyncedTable = (name: string): name is SyncedTable =>
  Object.hasOwn(syncedTables, name)

/** The synced table whose events are about `resource` (`person`), if any. */
export function tableOfResource(resource: string): SyncedTable | undefined {
  return (Object.keys(syncedTables) as SyncedTable[]).find(
    (table) => syncedTables[table].resource === resource,
  )
}

/** A change to one synced record, as the events record it. */
export interface RecordChange {
  table: SyncedTable
  id: string
  op: 'upsert' | 'delete'
  /** The synced fields the write set, with their values (empty for a delete). */
  fields: Record<string, unknown>
}

interface EventLike {
  type: string
  resource: { id: string }
  data: unknown
}

/**
 * The change an event records to a synced record, or null when it records none: an event of
 * another kind (a tag added, which the record's `updated` event carries too), or an update of
 * fields that do not sync.
 */
export function changeOfEvent(event: EventLike): RecordChange | null {
  const [resource, action] = event.type.split('.') as [string, string]
  const table = tableOfResource(resource)
  if (!table) return null
  const data = event.data as { object: Record<string, unknown>; changes?: string[] }
  const {
    fields: synced,
    together,
    updates,
  } = syncedTables[table] as {
    fields: readonly string[]
    together: readonly (readonly string[])[]
    updates: readonly string[]
  }
  if (action === 'deleted') return { table, id: event.resource.id, op: 'delete', fields: {} }
  const changed =
    action === 'created' ? synced : updates.includes(action) ? (data.changes ?? []) : []
  const groups = together.filter((group) => group.some((field) => changed.includes(field)))
  const names = synced.filter(
    (field) => changed.includes(field) || groups.some((group) => group.includes(field)),
  )
  if (names.length === 0) return null
  return {
    table,
    id: event.resource.id,
    op: 'upsert',
    fields: Object.fromEntries(names.map((field) => [field, data.object[field] ?? null])),
  }
}
