// Custom fields, which the spec leaves to the web app (the v1 API cannot write them): the same
// patch for a person and a deal, each value replacing its field, null removing it.

import type { Db } from '../db/connection'
import { diffFields, recordEvents, type ResourceEvent } from '../events/service'
import type { CustomFieldsPatch } from './schema'

export interface WithCustomFields {
  id: string
  customFields: Record<string, unknown>
  updatedAt: string
}

/** How one kind of record is read and written, and the event its edits emit. */
export interface CustomFieldsOwner<Record extends WithCustomFields> {
  get(trx: Db, tenantId: string, id: string): Promise<Record>
  write(trx: Db, id: string, values: { customFields: string; updatedAt: string }): Promise<void>
  updated: 'person.updated' | 'deal.updated'
}

/**
 * Writes some custom fields of a record, in the caller's transaction: each value sent replaces
 * that field, null removes it, others stay. Emits the record's updated event with the change, as
 * any other edit; a patch that changes nothing writes and emits nothing.
 */
export async function patchCustomFieldsOf<Record extends WithCustomFields>(
  trx: Db,
  owner: CustomFieldsOwner<Record>,
  tenantId: string,
  id: string,
  patch: CustomFieldsPatch,
  now: Date,
): Promise<Record> {
  const before = await owner.get(trx, tenantId, id)
  const customFields = { ...before.customFields }
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete customFields[name]
    else customFields[name] = value
  }
  const after: Record = { ...before, customFields }
  const { changes, previous } = diffFields(before, after, ['updatedAt'])
  if (changes.length === 0) return before
  after.updatedAt = now.toISOString()
  await owner.write(trx, id, {
    customFields: JSON.stringify(customFields),
    updatedAt: after.updatedAt,
  })
  const data = { object: after, previous, changes }
  // Either type carries change data; TypeScript cannot pair a union type with its data by itself.
  await recordEvents(trx, tenantId, now, [
    { type: owner.updated, resource: after, data } as ResourceEvent,
  ])
  return after
}
