// The kinds of activity: five every workspace has, and those a workspace adds (a "demo", a "visit").
import { inTransaction, type Db } from '../db/connection'
import { conflict, notFound } from '../http/errors'
import { refuseReplicaSettings } from '../sync/workspace-settings'
import * as activities from './repository'
import { builtInActivityTypes, type ActivityType, type CreateActivityTypeInput } from './schema'

const builtInNames: Record<(typeof builtInActivityTypes)[number], string> = {
  call: 'Call',
  meeting: 'Meeting',
  email: 'E-mail',
  task: 'Task',
  deadline: 'Deadline',
}

const isBuiltIn = (key: string): key is (typeof builtInActivityTypes)[number] =>
  (builtInActivityTypes as readonly string[]).includes(key)

export async function listActivityTypes(db: Db, tenantId: string): Promise<ActivityType[]> {
  const own = await activities.listActivityTypes(db, tenantId)
  return [
    ...builtInActivityTypes.map((key) => ({ key, name: builtInNames[key], builtIn: true })),
    ...own.map((type) => ({ ...type, builtIn: false })),
  ]
}

export async function activityTypeExists(db: Db, tenantId: string, key: string) {
  if (isBuiltIn(key)) return true
  return (await activities.listActivityTypes(db, tenantId)).some((type) => type.key === key)
}

/** Adds a type; its key is what activities name in `type`. */
export async function createActivityType(
  db: Db,
  tenantId: string,
  input: CreateActivityTypeInput,
  now: Date,
): Promise<ActivityType> {
  return inTransaction(db, async (trx) => {
    await refuseReplicaSettings(trx, tenantId)
    if (await activityTypeExists(trx, tenantId, input.key)) {
      throw conflict('key', `The activity type ${input.key} already exists`)
    }
    await activities.insertActivityTypes(trx, [
      { tenantId, key: input.key, name: input.name, createdAt: now.toISOString() },
    ])
    return { key: input.key, name: input.name, builtIn: false }
  })
}

/** Removes a type the workspace added; activities of that type keep it as their type. */
export async function deleteActivityType(db: Db, tenantId: string, key: string) {
  if (isBuiltIn(key)) throw conflict('key', `${key} is built in and cannot be removed`)
  await refuseReplicaSettings(db, tenantId)
  if (!(await activities.deleteActivityType(db, tenantId, key))) throw notFound('Activity type')
}
