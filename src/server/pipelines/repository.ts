import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../db/connection'
import { findTenantRow, insertRows } from '../db/tenant-rows'
import type { PipelineTable, StageTable } from '../db/database'
import { countRows } from '../db/count-rows'

export const insertPipeline = (db: Db, row: Insertable<PipelineTable>) =>
  insertRows(db, 'pipelines', [row])

export async function insertStages(db: Db, rows: Insertable<StageTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('stages').values(rows).execute()
}

export const findPipelineById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'pipelines', tenantId, id)

export async function countPipelines(db: Db, tenantId: string): Promise<number> {
  return countRows(db.selectFrom('pipelines').where('tenantId', '=', tenantId))
}

export async function listPipelines(db: Db, tenantId: string, limit: number, offset: number) {
  return db
    .selectFrom('pipelines')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .orderBy('position')
    .orderBy('createdAt')
    .limit(limit)
    .offset(offset)
    .execute()
}

/** Every pipeline id of the workspace in board order. */
export async function listPipelineIds(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('pipelines')
    .select('id')
    .where('tenantId', '=', tenantId)
    .orderBy('position')
    .orderBy('createdAt')
    .execute()
  return rows.map((row) => row.id)
}

export async function updatePipeline(db: Db, id: string, values: Updateable<PipelineTable>) {
  await db.updateTable('pipelines').set(values).where('id', '=', id).execute()
}

export async function deletePipeline(db: Db, id: string): Promise<void> {
  await db.deleteFrom('pipelines').where('id', '=', id).execute()
}

export async function listStagesOf(db: Db, pipelineIds: readonly string[]) {
  if (pipelineIds.length === 0) return []
  return db
    .selectFrom('stages')
    .select(stageColumns)
    .where('pipelineId', 'in', pipelineIds)
    .orderBy('pipelineId')
    .orderBy('position')
    .execute()
}

const stageColumns = [
  ...['id', 'pipelineId', 'name', 'type', 'position', 'probability', 'rottingDays'],
  ...['createdAt', 'updatedAt'],
] as const

export async function findStageById(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('stages')
    .select(stageColumns)
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function updateStage(db: Db, id: string, values: Updateable<StageTable>) {
  await db.updateTable('stages').set(values).where('id', '=', id).execute()
}

export async function deleteStage(db: Db, id: string): Promise<void> {
  await db.deleteFrom('stages').where('id', '=', id).execute()
}
