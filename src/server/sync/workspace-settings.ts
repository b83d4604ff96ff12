// The workspace's settings on a replica (docs/sync-protocol.md, section 6): its users, pipelines
// and stages, lost reasons, currencies and activity types belong to the team server. They are few, so each pull
// and snapshot carries them whole and the replica makes its copy the same, in the transaction of
// the changes that may need them (a deal in a new stage). On the replica they are read-only.
import type { Selectable } from 'kysely'
import type { Db } from '../db/connection'
import type {
  ActivityTypeTable,
  LostReasonTable,
  PipelineTable,
  StageTable,
  UserTable,
  WorkspaceCurrencyTable,
} from '../db/database'
import { countDealsUsing } from '../deals/usage'
import { ApiError } from '../http/errors'
import * as sync from './repository'
import { remoteWrite } from './write-origin'

type Row<T> = Omit<Selectable<T>, 'tenantId'>

export interface WorkspaceSettings {
  users: Row<UserTable>[]
  pipelines: Row<PipelineTable>[]
  stages: Row<StageTable>[]
  lostReasons: Row<LostReasonTable>[]
  currencies: Row<WorkspaceCurrencyTable>[]
  activityTypes: Row<ActivityTypeTable>[]
}

type SettingsTable =
  'users' | 'pipelines' | 'stages' | 'lostReasons' | 'workspaceCurrencies' | 'activityTypes'

// Parents before children: a stage's pipeline is written first and removed last.
const tables = [
  { key: 'users', table: 'users', id: 'id' },
  { key: 'pipelines', table: 'pipelines', id: 'id' },
  { key: 'stages', table: 'stages', id: 'id' },
  { key: 'lostReasons', table: 'lostReasons', id: 'id' },
  { key: 'currencies', table: 'workspaceCurrencies', id: 'code' },
  // Activities keep a removed type as their type: no activity holds one back.
  { key: 'activityTypes', table: 'activityTypes', id: 'key' },
] as const satisfies readonly {
  key: keyof WorkspaceSettings
  table: SettingsTable
  id: 'id' | 'code' | 'key'
}[]

/** The workspace's settings, each list in the order of its keys (the same on every engine). */
export async function readSettings(db: Db, tenantId: string): Promise<WorkspaceSettings> {
  const settings = {} as Record<keyof WorkspaceSettings, Record<string, unknown>[]>
  for (const { key, table, id } of tables) {
    const rows = (await db
      .selectFrom(table)
      .selectAll()
      .where('tenantId', '=', tenantId)
      .execute()) as Record<string, unknown>[]
    settings[key] = rows
      .map(({ tenantId: _tenantId, ...row }) => row)
      .sort((a, b) => (String(a[id]) < String(b[id]) ? -1 : 1))
  }
  return settings as unknown as WorkspaceSettings
}

const sameRow = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(b).every((column) => a[column] === b[column])

/**
 * Makes the replica's settings of `tenantId` those the server sent. A pipeline, stage or lost
 * reason the server no longer has stays while a local deal still points at it (a deal of this
 * replica's the server has not settled yet): the server's answer to that deal settles it.
 */
export async function mirrorSettings(
  trx: Db,
  tenantId: string,
  settings: WorkspaceSettings,
): Promise<void> {
  const local = await readSettings(trx, tenantId)
  // A list the server did not send (an older build of the same schema) is left as it is here.
  const sent = tables.filter(({ key }) => Array.isArray(settings[key]))
  for (const { key, table, id } of sent) {
    const here = new Map(local[key].map((row) => [String(row[id as keyof typeof row]), row]))
    for (const row of settings[key] as Record<string, unknown>[]) {
      const kept = here.get(String(row[id]))
      if (!kept) {
        await trx
          .insertInto(table)
          .values({ ...row, tenantId } as never)
          .execute()
      } else if (!sameRow(kept as Record<string, unknown>, row)) {
        await trx
          .updateTable(table)
          .set(row as never)
          .where(id, '=', row[id] as string)
          .where('tenantId', '=', tenantId)
          .execute()
      }
    }
  }
  for (const { key, table, id } of [...sent].reverse()) {
    const wanted = new Set((settings[key] as Record<string, unknown>[]).map((row) => row[id]))
    for (const row of local[key] as Record<string, unknown>[]) {
      if (wanted.has(row[id]) || (await stillUsed(trx, tenantId, table, String(row[id])))) continue
      await trx
        .deleteFrom(table)
        .where(id, '=', row[id] as string)
        .where('tenantId', '=', tenantId)
        .execute()
    }
  }
}

/** Whether a local deal still needs the row (deals keep their stage and lost reason). */
async function stillUsed(trx: Db, tenantId: string, table: SettingsTable, id: string) {
  const field = placements[table]
  return field !== undefined && (await countDealsUsing(trx, tenantId, field, id)) > 0
}

const placements: Partial<Record<SettingsTable, Parameters<typeof countDealsUsing>[2]>> = {
  pipelines: 'pipelineId',
  stages: 'stageId',
  lostReasons: 'lostReasonId',
}

/**
 * Refuses a change to the settings of a replica's workspace: they are the team server's, and a
 * change made here would never reach it (section 6). Another workspace of the laptop's is free.
 */
export async function refuseReplicaSettings(db: Db, tenantId: string): Promise<void> {
  if (remoteWrite(db)) return
  if (!(await sync.findSyncLink(db, tenantId))) return
  throw new ApiError(
    'forbidden',
    'This workspace is a replica of a team server: its users, pipelines, lost reasons, currencies and activity types are changed there',
    { reason: 'replica_settings' },
  )
}
