import { inTransaction, type Db } from '../db/connection'
import { diffFields, recordEvents } from '../events/service'
import * as people from './repository'
import type { Person } from './schema'
import type { CustomFieldsPatch } from './custom-fields-schema'
import { getPerson } from './service'

/**
 * Writes custom fields, which the spec leaves to the web app (the v1 API cannot): each value sent
 * replaces that field, null removes it, others stay. Emits person.updated when anything changed,
 * like any other edit; a patch that changes nothing writes and emits nothing.
 */
export async function patchCustomFields(
  db: Db,
  tenantId: string,
  id: string,
  patch: CustomFieldsPatch,
  now: Date,
): Promise<Person> {
  return inTransaction(db, async (trx) => {
    const before = await getPerson(trx, tenantId, id)
    const customFields = { ...before.customFields }
    for (const [name, value] of Object.entries(patch)) {
      if (value === null) delete customFields[name]
      else customFields[name] = value
    }
    const after: Person = { ...before, customFields }
    const { changes, previous } = diffFields(before, after, ['updatedAt'])
    if (changes.length === 0) return before
    after.updatedAt = now.toISOString()
    await people.updatePerson(trx, id, {
      customFields: JSON.stringify(customFields),
      updatedAt: after.updatedAt,
    })
    await recordEvents(trx, tenantId, now, [
      { type: 'person.updated', resource: after, data: { object: after, previous, changes } },
    ])
    return after
  })
}
