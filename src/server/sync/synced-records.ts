// What syncs (docs/sync-protocol.md, section 2): each synced table, the resource its events are
// about, and the fields a replica and its server exchange: companies, people, deals and notes;
// activities follow (issue 17), added here with their service (record-services.ts).
// createdAt is written once, when the record is made, and keeps list order the same everywhere.
// Fields in `together` are one decision (a deal's move to a stage sets its lost reason and time
// of closing): a write of any of them carries them all, with one clock, so they win or lose as one.

export const syncedTables = {
  // Companies first: a snapshot lists each table in this order, and people and deals link to them.
  companies: {
    resource: 'company',
    fields: ['name', 'domain', 'createdAt'],
    together: [],
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
    together: ['stageId', 'lostReasonId', 'closedAt'],
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
  },
} as const satisfies Record<string, { resource: string; fields: string[]; together: string[] }>

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
  const { fields: synced, together } = syncedTables[table] as {
    fields: readonly string[]
    together: readonly string[]
  }
  if (action === 'deleted') return { table, id: event.resource.id, op: 'delete', fields: {} }
  const changed = action === 'created' ? synced : action === 'updated' ? (data.changes ?? []) : []
  const moved = changed.some((field) => together.includes(field))
  const names = synced.filter(
    (field) => changed.includes(field) || (moved && together.includes(field)),
  )
  if (names.length === 0) return null
  return {
    table,
    id: event.resource.id,
    op: 'upsert',
    fields: Object.fromEntries(names.map((field) => [field, data.object[field] ?? null])),
  }
}
