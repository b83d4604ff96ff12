// What syncs (docs/sync-protocol.md, section 2): each synced table, the resource its events are
// about, and the fields a replica and its server exchange. People come first; companies, users,
// deals and the rest of a workspace's work follow (issue 17), each added here with its apply
// rules (apply.ts). createdAt is written once, when the record is made, and keeps list order the
// same everywhere.

export const syncedTables = {
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
      'createdAt',
    ],
  },
} as const

export type SyncedTable = keyof typeof syncedTables

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
  const synced: readonly string[] = syncedTables[table].fields
  if (action === 'deleted') return { table, id: event.resource.id, op: 'delete', fields: {} }
  const names =
    action === 'created'
      ? synced
      : action === 'updated'
        ? (data.changes ?? []).filter((field) => synced.includes(field))
        : []
  if (names.length === 0) return null
  return {
    table,
    id: event.resource.id,
    op: 'upsert',
    fields: Object.fromEntries(names.map((field) => [field, data.object[field] ?? null])),
  }
}
